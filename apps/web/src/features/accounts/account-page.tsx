import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useBalance } from '../../lib/balance';
import { useResource } from '../../lib/resource';
import { logout } from '../../lib/session';
import { avatarSrc, saveLanguage, unreadResource, userInfoResource } from './api';
import './accounts.css';

/**
 * /main: who the player is (avatar, nickname, UID to copy), the balance, and the ways to the
 * wallet, recharge history, messages, avatar choice and logout. A 401 on get-user-info that a
 * refresh cannot cure ends the session (decision 015); the route guard then shows /login.
 */
export function AccountPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const user = useResource(userInfoResource);
  const balance = useBalance();
  const unread = useResource(unreadResource);
  const [confirming, setConfirming] = useState(false);
  const info = user.data;
  const unreadCount = unread.data?.unreadCount ?? 0;

  const onLogout = async () => {
    setConfirming(false);
    await logout();
    navigate(paths.login.path, { replace: true });
  };

  return (
    <main className="page account">
      <TopBar title={t('account.title')} />
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
              <CopyButton value={String(info.uid)} what={t('account.uid')} className="account__copy" />
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

      <nav className="account__links" aria-label={t('account.title')}>
        <Link to={paths.wallet.path}>{t('account.wallet')}</Link>
        <Link to={paths.rechargeHistory.path}>{t('account.rechargeHistory')}</Link>
        <Link to={paths.messages.path}>
          {t('account.messages')}{' '}
          {unreadCount > 0 && <span className="account__badge">{t('account.unread', { count: unreadCount })}</span>}
        </Link>
        <Link to={paths.avatar.path}>{t('account.changeAvatar')}</Link>
        <Link to={paths.safety.path}>{t('account.safety')}</Link>
      </nav>

      <section className="account__language" aria-labelledby="account-language-label">
        <h2 id="account-language-label" className="account__language-label">
          {t('language.label')}
        </h2>
        <LanguageSwitch onChosen={(locale) => void saveLanguage(locale).catch(() => undefined)} />
      </section>

      <button type="button" className="account__logout" onClick={() => setConfirming(true)}>
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
