import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../config/paths';
import { useI18n, type PlainMessageKey } from '../lib/i18n';
import './bottom-nav.css';

interface NavItem {
  to: string;
  labelKey: PlainMessageKey;
  icon: ReactNode;
}

// Icons drawn for Colorplay on a 24x24 grid; the link text names each one.
const ITEMS: readonly NavItem[] = [
  {
    to: paths.home.getHref(),
    labelKey: 'nav.home',
    icon: <path d="M4 11l8-7 8 7v9a1 1 0 01-1 1h-4.5v-6h-5v6H5a1 1 0 01-1-1z" />,
  },
  {
    to: paths.activity.getHref(),
    labelKey: 'nav.activity',
    // A gift: its lid and bow, and the box below.
    icon: <path d="M3 8h18v4H3zm2 5h6v8H5zm8 0h6v8h-6zm-1-5C10 4 6 4 7 7m5 1c2-4 6-4 5-1" />,
  },
  {
    to: paths.wallet.getHref(),
    labelKey: 'nav.wallet',
    icon: (
      <>
        <path d="M3 7.5A2.5 2.5 0 015.5 5h12A1.5 1.5 0 0119 6.5V8H5.5a.5.5 0 000 1H20a1 1 0 011 1v8.5a1.5 1.5 0 01-1.5 1.5h-14A2.5 2.5 0 013 17.5z" />
        <circle cx="16.5" cy="14" r="1.5" fill="var(--c-page)" />
      </>
    ),
  },
  {
    to: paths.account.getHref(),
    labelKey: 'nav.account',
    icon: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 20a8 8 0 0116 0z" />
      </>
    ),
  },
];

/** The bottom navigation of the Home, Activity, Wallet and Account pages; the current one has aria-current="page". */
export function BottomNav() {
  const { t } = useI18n();
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        {ITEMS.map((item) => (
          <li key={item.to}>
            {/* `end` keeps Home from matching every path below `/`. */}
            <NavLink to={item.to} end className="bottom-nav__link">
              <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
                {item.icon}
              </svg>
              <span>{t(item.labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
