import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { EnrolmentOffer } from '@colorplay/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { adminApi } from './api';
import { t } from '../lib/i18n';
import { adminErrorText } from './i18n';

/**
 * A new operator's own enrolment (decision 195): the link's token arrives after `#`, so it never
 * reaches a server log or a Referer. Opening it shows this operator's TOTP secret (to them alone:
 * whoever created the account never sees it); a code from it and a chosen password complete it.
 * The link opens once (decision 396): reloading this page before completing needs a new link.
 */
export function EnrolPage({ token }: { token: string }) {
  const [offer, setOffer] = useState<EnrolmentOffer | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const failure = (err: unknown) =>
    err instanceof ApiError && err.code === 'ENROLMENT_LINK_INVALID'
      ? t('admin.enrol.invalid')
      : err instanceof ApiError && err.code === 'INVALID_CREDENTIALS'
        ? t('admin.enrol.wrongCode')
        : adminErrorText(err);

  async function open() {
    setBusy(true);
    setError(null);
    try {
      setOffer(await adminApi.post<EnrolmentOffer>(LAZY_API_PATHS.admin_enrolment_start, { token }));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  async function complete(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The key the opening returned: the link is bound to this page now, nobody else can complete it (decision 396).
      await adminApi.post(LAZY_API_PATHS.admin_enrolment_complete, { token, openerKey: offer!.openerKey, password, code: code.trim() });
      setDone(true);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="admin-login">
      <h1>{t('admin.enrol.heading')}</h1>
      {done ? (
        <p role="status">
          {t('admin.enrol.done')} <a href="/admin">{t('admin.enrol.signIn')}</a>
        </p>
      ) : !offer ? (
        <>
          <p>{t('admin.enrol.intro')}</p>
          <button type="button" onClick={() => void open()} disabled={busy || token === ''}>
            {t('admin.enrol.open')}
          </button>
        </>
      ) : (
        <form onSubmit={complete}>
          <p>{t('admin.enrol.account', { username: offer.username, role: t(`admin.role.${offer.role}`) })}</p>
          <p>{t('admin.enrol.secretHelp')}</p>
          <p className="admin-wrap">{t('admin.operators.secret', { secret: offer.totpSecret })}</p>
          <p className="admin-wrap">{t('admin.operators.uri', { uri: offer.otpauthUri })}</p>
          <label htmlFor="enrol-code">{t('admin.login.code')}</label>
          <input id="enrol-code" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" required />
          <label htmlFor="enrol-password">{t('admin.enrol.password')}</label>
          <input id="enrol-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" minLength={12} required />
          <button type="submit" disabled={busy}>
            {t('admin.enrol.complete')}
          </button>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
