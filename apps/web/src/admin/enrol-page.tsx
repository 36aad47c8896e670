import type { EnrolmentOffer } from '@colorplay/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { adminApi, API_PATHS } from './api';
import { adminErrorText, at } from './i18n';

/**
 * A new operator's own enrolment (issue 18): the link's token arrives after `#`, so it never
 * reaches a server log or a Referer. Opening it shows this operator's TOTP secret (to them alone:
 * whoever created the account never sees it); a code from it and a chosen password complete it.
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
      ? at('admin.enrol.invalid')
      : err instanceof ApiError && err.code === 'INVALID_CREDENTIALS'
        ? at('admin.enrol.wrongCode')
        : adminErrorText(err);

  async function open() {
    setBusy(true);
    setError(null);
    try {
      setOffer(await adminApi.post<EnrolmentOffer>(API_PATHS.admin_enrolment_start, { token }));
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
      await adminApi.post(API_PATHS.admin_enrolment_complete, { token, password, code: code.trim() });
      setDone(true);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="admin-login">
      <h1>{at('admin.enrol.heading')}</h1>
      {done ? (
        <p role="status">
          {at('admin.enrol.done')} <a href="/admin">{at('admin.enrol.signIn')}</a>
        </p>
      ) : !offer ? (
        <>
          <p>{at('admin.enrol.intro')}</p>
          <button type="button" onClick={() => void open()} disabled={busy || token === ''}>
            {at('admin.enrol.open')}
          </button>
        </>
      ) : (
        <form onSubmit={complete}>
          <p>{at('admin.enrol.account', { username: offer.username, role: at(`admin.role.${offer.role}`) })}</p>
          <p>{at('admin.enrol.secretHelp')}</p>
          <p className="admin-wrap">{at('admin.operators.secret', { secret: offer.totpSecret })}</p>
          <p className="admin-wrap">{at('admin.operators.uri', { uri: offer.otpauthUri })}</p>
          <label htmlFor="enrol-code">{at('admin.login.code')}</label>
          <input id="enrol-code" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" required />
          <label htmlFor="enrol-password">{at('admin.enrol.password')}</label>
          <input id="enrol-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" minLength={12} required />
          <button type="submit" disabled={busy}>
            {at('admin.enrol.complete')}
          </button>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
