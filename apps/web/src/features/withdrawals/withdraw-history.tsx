import type { Withdrawal, WithdrawalsPage } from '@colorplay/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { useMoneyAction } from '../../components/ui/money-action';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { refreshBalances } from '../../lib/balance';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { refetchResource } from '../../lib/resource';
import { cancelWithdrawal, WITHDRAW_INFO_KEY, withdrawalHistoryResource, WITHDRAWALS_KEY } from './api';
import { ownErrorRef } from './errors';
import { isFinalWithdrawal, RETURNED, WithdrawalStatusChip } from './status';
import '../../components/ui/money.css';
import '../../lib/withdraw-texts';
import '../../lib/wallet-texts';

/** How often the history asks again while a withdrawal on it is still moving. */
const WITHDRAWAL_POLL_MS = 3000;

/**
 * The player's withdrawals, newest first, with times in IST. While one of them is not final the
 * list is read again every few seconds (as the payment page does for a recharge), so "Paid"
 * appears without a reload; a status that returned money makes the balance be read again. A
 * withdrawal still waiting can be cancelled after a confirmation.
 */
export function WithdrawHistory({ pollMs = WITHDRAWAL_POLL_MS }: { pollMs?: number }) {
  const { t } = useI18n();
  const list = useInfiniteResource(withdrawalHistoryResource);
  const items = useMemo(() => {
    const seen = new Set<string>();
    return list.pages.flatMap((p: WithdrawalsPage) => p.items).filter((w) => (seen.has(w.id) ? false : (seen.add(w.id), true)));
  }, [list.pages]);

  const moving = items.some((w) => !isFinalWithdrawal(w.status));
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => void refetchResource(withdrawalHistoryResource.key), pollMs);
    return () => clearInterval(timer);
  }, [moving, pollMs]);

  // A withdrawal that turned into one that returned money changes the wallet balance.
  const lastStatus = useRef(new Map<string, Withdrawal['status']>());
  useEffect(() => {
    let returned = false;
    for (const w of items) {
      const before = lastStatus.current.get(w.id);
      if (before !== undefined && before !== w.status && RETURNED.has(w.status)) returned = true;
      lastStatus.current.set(w.id, w.status);
    }
    if (returned) refreshBalances();
  }, [items]);

  const loading = list.loading || list.fetching;
  const error = list.fetching ? undefined : list.error;

  return (
    <main className="page history">
      <TopBar title={t('withdrawals.title')} backTo={paths.withdraw.getHref()} />
      {moving && <p className="withdraw__muted withdraw__live">{t('withdrawals.live')}</p>}
      {items.length > 0 && (
        <ul className="history__list">
          {items.map((w) => (
            <WithdrawalItem key={w.id} withdrawal={w} />
          ))}
        </ul>
      )}
      {!loading && error === undefined && items.length === 0 && (
        <div className="wallet__notice">
          <p>{t('withdrawals.empty')}</p>
          <Link to={paths.withdraw.getHref()} className="button button--primary">
            {t('wallet.withdraw')}
          </Link>
        </div>
      )}
      {error !== undefined && (
        <div className="wallet__notice" role="alert">
          <p>{messageText(t, apiErrorMessage(error))}</p>
          <button type="button" className="button button--ghost" onClick={list.retry}>
            {t('wallet.retry')}
          </button>
        </div>
      )}
      {loading && items.length === 0 && <p className="wallet__notice">{t('common.loading')}</p>}
      {list.hasMore && error === undefined && (
        <LoadMoreButton className="history__more" onLoadMore={list.loadMore} disabled={loading} label={t('withdrawals.loadMore')} />
      )}
      {!list.hasMore && !loading && items.length > 0 && <p className="history__end">{t('withdrawals.end')}</p>}
    </main>
  );
}

function WithdrawalItem({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useI18n();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const money = (minor: number) => formatMoneyMinor(minor, w.currency);
  const time = (iso: string) => <time dateTime={iso}>{formatDateTimeIst(Date.parse(iso))}</time>;
  // The money comes back to the main wallet: a money action (single-flight, balance read again).
  const cancel = useMoneyAction((_: void) => cancelWithdrawal(w.id), {
    report: 'inline',
    invalidates: [WITHDRAWALS_KEY, WITHDRAW_INFO_KEY],
    onSuccess: () => {
      // Through the balance store, so the player's other tabs read it again too.
      refreshBalances();
      toast.show(t('withdrawals.cancelled', { amount: money(w.amountMinor) }), { type: 'success' });
    },
  });
  const reason = w.rejectionReason ?? w.failureReason;

  return (
    <li className="history-item">
      <div className="history-item__top">
        <strong className="history-item__amount">{money(w.amountMinor)}</strong>
        <WithdrawalStatusChip status={w.status} />
      </div>
      <dl className="history-item__facts">
        <div>
          <dt>{t('withdrawals.method')}</dt>
          <dd>{w.method.summary}</dd>
        </div>
        <div>
          <dt>{t('withdrawals.requested')}</dt>
          <dd>{time(w.createdAt)}</dd>
        </div>
        {w.paidAt && (
          <div>
            <dt>{t('withdrawals.paidAt')}</dt>
            <dd>{time(w.paidAt)}</dd>
          </div>
        )}
        {w.feeMinor > 0 && (
          <div>
            <dt>{t('withdrawals.fee')}</dt>
            <dd>{money(w.feeMinor)}</dd>
          </div>
        )}
        <div>
          <dt>{t('withdrawals.net')}</dt>
          <dd>{money(w.netAmountMinor)}</dd>
        </div>
        {reason && (
          <div>
            <dt>{t('withdrawals.reason')}</dt>
            <dd>{reason}</dd>
          </div>
        )}
        <div>
          <dt>{t('withdrawals.id')}</dt>
          <dd className="history-item__order">{w.id}</dd>
        </div>
      </dl>
      <Link to={paths.help.getHref({ report: `withdrawal:${w.id}` })} className="history-item__open">
        {t('withdrawals.report')}
      </Link>
      {w.cancellable && (
        <button type="button" className="button button--ghost withdraw__cancel" aria-disabled={cancel.busy || undefined} onClick={() => setConfirming(true)}>
          {t('withdrawals.cancel')}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('withdrawals.cancelTitle')}
        message={t('withdrawals.cancelText', { amount: money(w.amountMinor) })}
        confirmLabel={t('withdrawals.cancelConfirm')}
        cancelLabel={t('withdrawals.cancelKeep')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void cancel.run().catch((err: unknown) => {
            toast.show(messageText(t, ownErrorRef(err) ?? apiErrorMessage(err)), { type: 'fail' });
            void refetchResource(withdrawalHistoryResource.key);
          });
        }}
      />
    </li>
  );
}
