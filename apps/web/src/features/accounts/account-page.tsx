import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import type { IconName } from '../../components/ui/icon';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useBalance } from '../../lib/balance';
import { useResource } from '../../lib/resource';
import { logout } from '../../lib/session';
import { announcementsResource } from '../../lib/announcements';
import { avatarSrc, saveLanguage, unreadResource, userInfoResource } from './api';
import { ChangePasswordForm } from './change-password-form';
import { MarketingConsentSwitch } from './marketing-consent';
import './account-i18n';
import './accounts.css';
import './accounts-i18n';

/**
 * /main: who the player is (avatar, nickname, UID to copy), the balance, and the ways to the
 * wallet, recharge history, messages, avatar choice and logout. A 401 on get-user-info that a
 * refresh cannot cure ends the session (decision 015); the route guard then shows /login.
 */
/**
 * An icon of the one set (public/ui-icons.svg), as `components/ui/icon.tsx` draws it. Written
 * here rather than imported: a module shared by the account and Wingo routes becomes a chunk of
 * its own, whose name the entry's preload map then carries, and `/` has no bytes to spare
 * (decision 302). Only the type is imported, which costs nothing.
 */
function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" aria-hidden="true">
      <use href={`${import.meta.env.BASE_URL}ui-icons.svg#${name}`} />
    </svg>
  );
}

/** One entry of the account menu: an icon, the text, and a chevron, a full-width 44 px row. */
function MenuLink({ to, icon, children }: { to: string; icon: IconName; children: ReactNode }) {
  return (
    <Link to={to} className="account-menu__link">
      <span className="account-menu__icon">
        <Icon name={icon} />
      </span>
      <span className="account-menu__text">{children}</span>
      <span className="account-menu__chevron">
        <Icon name="chevron" />
      </span>
    </Link>
  );
}

/** The help answers: real questions about this app, answered in place. */
const HELP = ['recharge', 'withdraw', 'fair', 'limits'] as const;

/** `notice`: a card shown under the page's top bar (the deposit-limit prompt, decision 479). */
export function AccountPage({ notice }: { notice?: ReactNode }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const user = useResource(userInfoResource);
  const balance = useBalance();
  const unread = useResource(unreadResource);
  const [confirming, setConfirming] = useState(false);
  const info = user.data;
  // The inbox's count: unread messages and unread announcements, as the inbox itself counts them.
  const announcements = useResource(announcementsResource).data?.items ?? [];
  const unreadCount = (unread.data?.unreadCount ?? 0) + announcements.filter((a) => !a.read).length;

  const onLogout = async () => {
    setConfirming(false);
    await logout();
    navigate(paths.login.path, { replace: true });
  };

  return (
    <main className="page account">
      <TopBar title={t('account.title')} />
      {notice}
      <section className="account__card" aria-busy={user.loading}>
        <Link to={paths.avatar.path} className="account__avatar" aria-label={t('account.changeAvatar')}>
          {info && <img src={avatarSrc(info.avatar)} alt={t('account.avatarOf', { n: info.avatar })} width="64" height="64" />}
        </Link>
        <div className="account__who">
          <p className="account__nickname">{info?.nickname ?? (user.error ? '' : t('common.loading'))}</p>
          {info && (
            <p className="account__uid">
              <span>
                {t('account.uid')} <span className="account__uid-value">{info.uid}</span>
              </span>
              <CopyButton value={String(info.uid)} what={t('account.uid')} />
            </p>
          )}
          {info?.lastLoginAt && <p className="account__meta">{t('account.lastLogin', { time: formatDateTimeIst(new Date(info.lastLoginAt)) })}</p>}
        </div>
      </section>
      {user.error && !info && (
        <p className="account__error" role="alert">
          {t('common.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={user.reload}>
            {t('error.retry')}
          </button>
        </p>
      )}

      <section className="account__balance" aria-labelledby="account-balance-label">
        <p id="account-balance-label" className="account__balance-label">
          {t('account.balance')}
        </p>
        <p className="account__balance-value">
          {balance.data ? formatMoneyMinor(balance.data.balanceMinor, balance.data.currency) : balance.error ? '—' : t('common.loading')}
        </p>
      </section>

      <nav className="account__menus" aria-label={t('account.title')}>
        <h2 className="account-menu__title" id="account-menu-money">
          {t('accountMenu.money')}
        </h2>
        <ul className="account-menu" aria-labelledby="account-menu-money">
          <li>
            <MenuLink to={paths.wallet.path} icon="wallet">
              {t('account.wallet')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.rechargeHistory.path} icon="deposit">
              {t('account.rechargeHistory')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.withdrawHistory.path} icon="withdraw">
              {t('accountMenu.withdrawHistory')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.bettingRecordWin.path} icon="receipt">
              {t('accountMenu.betHistory')}
            </MenuLink>
          </li>
        </ul>
        <h2 className="account-menu__title" id="account-menu-settings">
          {t('accountMenu.settings')}
        </h2>
        <ul className="account-menu" aria-labelledby="account-menu-settings">
          <li>
            <MenuLink to={paths.messages.path} icon="bell">
              {t('account.messages')}{' '}
              {unreadCount > 0 && <span className="account__badge">{t('account.unread', { count: unreadCount })}</span>}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.avatar.path} icon="user">
              {t('account.changeAvatar')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.safety.path} icon="shield">
              {t('account.safety')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.statistics.path} icon="receipt">
              {t('accountMenu.statistics')}
            </MenuLink>
          </li>
        </ul>
      </nav>

      <section className="account__language" aria-labelledby="account-language-label">
        <h2 id="account-language-label" className="account-menu__title account-menu__title--icon">
          <Icon name="globe" />
          {t('language.label')}
        </h2>
        <LanguageSwitch onChosen={(locale) => void saveLanguage(locale).catch(() => undefined)} />
      </section>

      <MarketingConsentSwitch />

      <ChangePasswordForm />

      <section className="account__help" aria-labelledby="account-help-label">
        <h2 id="account-help-label" className="account-menu__title account-menu__title--icon">
          <Icon name="help" />
          {t('accountMenu.help')}
        </h2>
        <ul className="account-menu">
          <li>
            <MenuLink to={paths.help.getHref()} icon="help">
              {t('accountMenu.contact')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.wingo.path} icon="dice">
              {t('accountMenu.howToPlay')}
            </MenuLink>
          </li>
          <li>
            <MenuLink to={paths.bettingRecordWin.path} icon="shield">
              {t('accountMenu.fairness')}
            </MenuLink>
          </li>
        </ul>
        {HELP.map((topic) => (
          <details key={topic} className="account-help">
            <summary>{t(`accountMenu.q.${topic}`)}</summary>
            <p>{t(`accountMenu.a.${topic}`)}</p>
          </details>
        ))}
      </section>

      <button type="button" className="account__logout" onClick={() => setConfirming(true)}>
        <Icon name="logout" />
        {t('account.logout')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('account.logoutTitle')}
        message={t('account.logoutText')}
        confirmLabel={t('account.logout')}
        onConfirm={() => void onLogout()}
        onCancel={() => setConfirming(false)}
      />
    </main>
  );
}
