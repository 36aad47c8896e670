import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { OperatorSession } from '@colorplay/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { adminApi } from './api';
import { t } from '../lib/i18n';
import { adminErrorText } from './i18n';

/** After signing in with a one-time password, the console shows only this. */
export function ChangePasswordPage({ onChanged }: { onChanged: (session: OperatorSession) => void }) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      onChanged(await adminApi.post<OperatorSession>(LAZY_API_PATHS.admin_password, { currentPassword, newPassword }));
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'INVALID_CREDENTIALS' ? t('admin.password.wrong') : adminErrorText(err));
    }
  }

  return (
    <main className="admin-login">
      <h1>{t('admin.password.heading')}</h1>
      <p>{t('admin.password.intro')}</p>
      <form onSubmit={submit}>
        <label htmlFor="admin-current-password">{t('admin.password.current')}</label>
        <input id="admin-current-password" type="password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" required />
        <label htmlFor="admin-new-password">{t('admin.password.new')}</label>
        <input id="admin-new-password" type="password" value={newPassword} onChange={(e) => setNew(e.target.value)} autoComplete="new-password" minLength={12} required />
        {error && <p role="alert">{error}</p>}
        <button type="submit">{t('admin.password.submit')}</button>
      </form>
    </main>
  );
}
