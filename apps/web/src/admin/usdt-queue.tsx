import type { OperatorSession, UsdtReviewDecision, UsdtReviewItem } from '@colorplay/contract';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import type { AdminMessageKey } from '../lib/messages/en-admin';
import { adminApi, API_PATHS, fillPath } from './api';
import { at } from './i18n';
import { LoadError } from './load-error';
import { can, useDecision } from './queues';
import { useLoad } from './use-load';

const REASON_KEYS: Record<string, AdminMessageKey> = {
  late_payment: 'admin.usdt.reason.late_payment',
  second_payment: 'admin.usdt.reason.second_payment',
  paid_after_cancel: 'admin.usdt.reason.paid_after_cancel',
  amount_too_small: 'admin.usdt.reason.amount_too_small',
};
const reasonText = (reason: string) => (REASON_KEYS[reason] ? at(REASON_KEYS[reason]) : at('admin.usdt.reason.other', { reason }));

/**
 * USDT payments the chain watcher sent to review (late, second, after cancel, worth nothing).
 * Finance approves (the player is credited once, at the order's locked rate) or rejects (nothing
 * is credited; the operator returns the tokens on chain by hand). Support only reads.
 */
export function UsdtQueue({ session }: { session: OperatorSession }) {
  const list = useLoad((signal) => adminApi.get<{ items: UsdtReviewItem[] }>(API_PATHS.admin_usdt_review, signal), '');
  const decision = useDecision(list.reload);
  const decide = (item: UsdtReviewItem, path: string) => async (note: string) => {
    const r = await adminApi.post<UsdtReviewDecision>(fillPath(path, { transferId: item.transferId }), { note });
    return { id: r.orderId, status: r.status };
  };
  return (
    <section aria-labelledby="usdt-heading">
      <h1 id="usdt-heading">{at('admin.usdt.heading')}</h1>
      {decision.notice}
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.data?.items.length === 0 && <p>{at('admin.empty')}</p>}
      <ul className="admin-list">
        {list.data?.items.map((item) => {
          const credit = formatMoneyMinor(item.creditMinor, item.currency);
          return (
            <li key={item.transferId}>
              <p>
                {at('admin.usdt.row', {
                  orderId: item.orderId,
                  playerId: item.playerId,
                  received: item.receivedUsdt,
                  symbol: item.tokenSymbol,
                  amount: formatMoneyMinor(item.orderAmountMinor, item.currency),
                  orderUsdt: item.orderUsdt,
                  rate: item.rate,
                })}
              </p>
              {item.reviewReason && <p>{reasonText(item.reviewReason)}</p>}
              <p>{at('admin.usdt.tx', { txHash: item.txHash, logIndex: item.logIndex, from: item.fromAddress, date: formatDateTimeIst(new Date(item.blockTime)) })}</p>
              <p>{item.creditMinor > 0 ? at('admin.usdt.credit', { amount: credit }) : at('admin.usdt.tooSmall')}</p>
              {can(session, 'usdt.review') && (
                <div className="admin-actions">
                  {item.creditMinor > 0 && (
                    <button
                      type="button"
                      onClick={() =>
                        decision.open({
                          title: at('admin.dialog.approveUsdt', { orderId: item.orderId }),
                          description: at('admin.dialog.approveUsdtHelp', { amount: credit, playerId: item.playerId }),
                          fieldLabel: at('admin.note'),
                          run: decide(item, API_PATHS.admin_usdt_approve),
                        })
                      }
                    >
                      {at('admin.approve')}
                    </button>
                  )}
                  <button
                    type="button"
                    onClick={() =>
                      decision.open({
                        title: at('admin.dialog.rejectUsdt', { orderId: item.orderId }),
                        description: at('admin.dialog.rejectUsdtHelp', { received: item.receivedUsdt, symbol: item.tokenSymbol, from: item.fromAddress }),
                        fieldLabel: at('admin.note'),
                        run: decide(item, API_PATHS.admin_usdt_reject),
                      })
                    }
                  >
                    {at('admin.reject')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {decision.dialog}
    </section>
  );
}
