import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { OperatorSession, UsdtReviewDecision, UsdtReviewItem } from '@colorplay/contract';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { adminApi, fillPath } from './api';
import { t } from '../lib/i18n';
import { usdtReasonText } from './i18n';
import { LimitWarnings, limitWarningTexts } from './limit-warning';
import { QueuePage } from './queue-page';

/**
 * USDT payments the chain watcher sent to review (late, second, after cancel, worth nothing).
 * Finance approves (the player is credited once, at the order's locked rate) or rejects (nothing
 * is credited; the operator returns the tokens on chain by hand). Support only reads.
 */
export function UsdtQueue({ session }: { session: OperatorSession }) {
  const decide = (item: UsdtReviewItem, path: string) => async (note: string) => {
    const r = await adminApi.post<UsdtReviewDecision>(fillPath(path, { transferId: item.transferId }), { note });
    return { id: r.orderId, status: r.status };
  };
  const credit = (item: UsdtReviewItem) => formatMoneyMinor(item.creditMinor, item.currency);
  // Said before the decision (decision 393): an approval that passes a deposit limit still credits.
  const limitWarnings = (item: UsdtReviewItem) => limitWarningTexts(item.limitWarning, item.playerId, item.currency);
  return (
    <QueuePage<UsdtReviewItem>
      session={session}
      name="usdt"
      heading={t('admin.usdt.heading')}
      permission="usdt.review"
      load={(signal) => adminApi.get<{ items: UsdtReviewItem[] }>(LAZY_API_PATHS.admin_usdt_review, signal)}
      itemKey={(item) => item.transferId}
      details={(item) => (
        <>
          <p>
            {t('admin.usdt.row', {
              orderId: item.orderId,
              playerId: item.playerId,
              received: item.receivedUsdt,
              symbol: item.tokenSymbol,
              amount: formatMoneyMinor(item.orderAmountMinor, item.currency),
              orderUsdt: item.orderUsdt,
              rate: item.rate,
            })}
          </p>
          {item.reviewReason && <p>{usdtReasonText(item.reviewReason)}</p>}
          <p>{t('admin.usdt.tx', { txHash: item.txHash, logIndex: item.logIndex, from: item.fromAddress, date: formatDateTimeIst(new Date(item.blockTime)) })}</p>
          <p>{item.creditMinor > 0 ? t('admin.usdt.credit', { amount: credit(item) }) : t('admin.usdt.tooSmall')}</p>
          <LimitWarnings texts={limitWarnings(item)} />
        </>
      )}
      actions={(item) => [
        // A payment worth nothing can only be rejected: there is nothing to credit.
        item.creditMinor > 0 && {
          label: t('admin.approve'),
          title: t('admin.dialog.approveUsdt', { orderId: item.orderId }),
          description: [t('admin.dialog.approveUsdtHelp', { amount: credit(item), playerId: item.playerId }), ...limitWarnings(item)].join(' '),
          fieldLabel: t('admin.note'),
          run: decide(item, LAZY_API_PATHS.admin_usdt_approve),
        },
        {
          label: t('admin.reject'),
          title: t('admin.dialog.rejectUsdt', { orderId: item.orderId }),
          description: t('admin.dialog.rejectUsdtHelp', { received: item.receivedUsdt, symbol: item.tokenSymbol, from: item.fromAddress }),
          fieldLabel: t('admin.note'),
          run: decide(item, LAZY_API_PATHS.admin_usdt_reject),
        },
      ]}
    />
  );
}
