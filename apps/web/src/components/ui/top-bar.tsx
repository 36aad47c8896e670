import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { usePageHeading } from '../../lib/page-heading';
import './top-bar.css';

/** Props of a page's top bar. */
export interface TopBarProps {
  title: string;
  /** Where the back arrow leads; no arrow without it. */
  backTo?: string;
  /** Extra controls on the right. */
  actions?: ReactNode;
}

/**
 * A page's top bar: optional back arrow, the page title as its h1 (which also names the window and
 * takes focus after a route change), optional actions.
 */
export function TopBar({ title, backTo, actions }: TopBarProps) {
  const { t } = useI18n();
  const headingRef = usePageHeading(title);
  return (
    <header className="top-bar">
      {backTo !== undefined && (
        <Link to={backTo} className="top-bar__back" aria-label={t('common.back')}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
      )}
      <h1 className="top-bar__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {actions && <div className="top-bar__actions">{actions}</div>}
    </header>
  );
}
