import type { Adjustment, AdjustmentReason, OperatorSession } from '@colorplay/contract';
import { ADJUSTMENT_REASONS } from '@colorplay/contract/admin-constants';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState, type FormEvent } from 'react';
import { parseRupeesToMinor } from '../lib/amount';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { newIdempotencyKey } from '../lib/idempotency';
import { adminApi, fillPath } from './api';
import { adminErrorText } from './i18n';
import { LoadError } from './load-error';
import { can } from './queue-page';
import { useLoad } from './use-load';

/**
 * A player's balance adjustments (decision 421): each a ledger transfer of kind `adjustment`;
 * from the second-approval amount on one waits for another, independent operator, who approves it
 * here. Admin and finance adjust; support reads.
 */
export function AdjustmentsPanel({ playerId, session }: { playerId: number; session: OperatorSession }) {
  const path = fillPath(LAZY_API_PATHS.admin_player_adjustments, { playerId });
  const list = useLoad((signal) => adminApi.get<{ items: Adjustment[] }>(path, signal), path);
  const [error, setError] = useState<string | null>(null);
  const allowed = can(session, 'players.adjust');

  async function approve(id: string) {
    setError(null);
    try {
      await adminApi.post<Adjustment>(fillPath(LAZY_API_PATHS.admin_adjustment_approve, { adjustmentId: id }));
      list.reload();
    } catch (err) {
      setError(adminErrorText(err));
    }
  }

  return (
    <section aria-labelledby={`adjustments-${playerId}`}>
      <h3 id={`adjustments-${playerId}`}>{t('admin.adjust.heading')}</h3>
      {list.error ? (
        <LoadError error={list.error} retry={list.reload} />
      ) : !list.data ? (
        <p>{t('admin.loading')}</p>
      ) : list.data.items.length === 0 ? (
        <p>{t('admin.players.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              {(['requested', 'amount', 'reason', 'note', 'status', 'action'] as const).map((c) => (
                <th key={c} scope="col">
                  {t(`admin.adjust.col.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((a) => (
              <tr key={a.id}>
                <td>{formatDateTimeIst(new Date(a.requestedAt))}</td>
                <td>{t(a.direction === 'credit' ? 'admin.adjust.credit' : 'admin.adjust.debit', { amount: formatMoneyMinor(a.amountMinor) })}</td>
                <td>{t(`admin.adjust.reason.${a.reason}`)}</td>
                <td>{a.note}</td>
                <td>{a.status === 'applied' ? t('admin.adjust.applied') : t('admin.adjust.waiting', { operator: a.requestedBy })}</td>
                <td>
                  {allowed && a.status === 'awaiting_second_approval' && (
                    <button type="button" onClick={() => void approve(a.id)}>
                      {t('admin.adjust.approve', { id: a.id })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && <p role="alert">{error}</p>}
      {allowed && <AdjustForm path={path} onDone={list.reload} />}
    </section>
  );
}

function AdjustForm({ path, onDone }: { path: string; onDone: () => void }) {
  const ids = { direction: useId(), amount: useId(), reason: useId(), note: useId() };
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<AdjustmentReason>('goodwill');
  const [note, setNote] = useState('');
  // One key per adjustment the form makes: a double click or a retry is the same adjustment.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [message, setMessage] = useState<{ role: 'alert' | 'status'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseRupeesToMinor(amount);
    if (!parsed.ok || parsed.amountMinor <= 0) return setMessage({ role: 'alert', text: t('admin.adjust.badAmount') });
    if (note.trim().length < 3) return setMessage({ role: 'alert', text: t('admin.noteTooShort') });
    setBusy(true);
    setMessage(null);
    try {
      const made = await adminApi.post<Adjustment>(path, { direction, amountMinor: parsed.amountMinor, reason, note: note.trim(), idempotencyKey });
      setMessage({ role: 'status', text: made.status === 'applied' ? t('admin.adjust.doneApplied') : t('admin.adjust.doneWaiting') });
      setAmount('');
      setNote('');
      setIdempotencyKey(newIdempotencyKey());
      onDone();
    } catch (err) {
      setMessage({ role: 'alert', text: adminErrorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={t('admin.adjust.form')}>
      <label htmlFor={ids.direction}>{t('admin.adjust.direction')}</label>{' '}
      <select id={ids.direction} value={direction} onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}>
        <option value="credit">{t('admin.adjust.creditOption')}</option>
        <option value="debit">{t('admin.adjust.debitOption')}</option>
      </select>{' '}
      <label htmlFor={ids.amount}>{t('admin.adjust.amount')}</label>{' '}
      <input id={ids.amount} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />{' '}
      <label htmlFor={ids.reason}>{t('admin.adjust.reason')}</label>{' '}
      <select id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value as AdjustmentReason)}>
        {ADJUSTMENT_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`admin.adjust.reason.${r}`)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.note}>{t('admin.adjust.note')}</label>
      <textarea id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={500} />
      {message && <p role={message.role}>{message.text}</p>}
      <button type="submit" disabled={busy}>
        {t('admin.adjust.submit')}
      </button>
    </form>
  );
}
