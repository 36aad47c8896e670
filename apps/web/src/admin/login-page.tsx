import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { OperatorSession } from '@colorplay/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { adminApi } from './api';
import { t } from '../lib/i18n';
import { adminErrorText } from './i18n';

/** Username, password and the authenticator's 6-digit code, in one step. */
export function LoginPage({ onSignedIn }: { onSignedIn: (session: OperatorSession) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await adminApi.post<OperatorSession>(LAZY_API_PATHS.admin_login, { username: username.trim(), password, code: code.trim() }));
    } catch (err) {
      const known = err instanceof ApiError && (err.code === 'INVALID_CREDENTIALS' || err.code === 'VALIDATION_FAILED');
      setError(known ? t('admin.login.failed') : err instanceof ApiError && err.code === 'RATE_LIMITED' ? t('admin.login.locked') : adminErrorText(err));
      setBusy(false);
    }
  }

  return (
    <main className="admin-login">
      <h1>{t('admin.login.heading')}</h1>
      <form onSubmit={submit}>
        <label htmlFor="admin-username">{t('admin.login.username')}</label>
        <input id="admin-username" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" required />
        <label htmlFor="admin-password">{t('admin.login.password')}</label>
        <input id="admin-password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
        <label htmlFor="admin-code">{t('admin.login.code')}</label>
        <input
          id="admin-code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          aria-describedby="admin-code-hint"
          required
        />
        <p id="admin-code-hint">{t('admin.login.codeHint')}</p>
        {error && <p role="alert">{error}</p>}
        <button type="submit" disabled={busy}>
          {t('admin.login.submit')}
        </button>
      </form>
    </main>
  );
}
