import type { DepositChannel, DepositStatus } from '@colorplay/contract';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { Link, useSearchParams } from 'react-router';
import { CopyButton } from '../../components/ui/copy-button';
import { SelectField } from '../../components/ui/select-field';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { CHANNEL_LABEL, DEPOSIT_CHANNEL_LIST, DEPOSIT_STATUS_LIST, isAwaitingPayment, isOpenUsdtStatus, STATUS_LABEL } from './deposit-status';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { filtersFromSearch, filtersToSearch, type HistoryFilters } from './history-query';
import type { HistoryEntry } from './history-merge';
import { paymentHref } from './links';
import { StatusChip, UsdtStatusChip } from './status-chip';
import { useDepositHistory } from './use-deposit';
import '../../components/ui/money.css';
import '../../lib/wallet-texts';

/**
 * Recharge history: the player's orders newest first, filtered by status and channel (kept in
 * the address, so a filtered view can be shared and survives a reload), with times in IST. More
 * orders load when the end of the list scrolls into view; a "Load more" button does the same
 * for browsers without IntersectionObserver and for keyboard users.
 */
export function RechargeHistory() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const history = useDepositHistory(filters);
  const filtered = filters.status !== null || filters.channel !== null;

  const setFilters = (next: HistoryFilters) => setSearch(filtersToSearch(next), { replace: true });

  return (
    <main className="page history">
      <TopBar title={t('history.title')} backTo={paths.wallet.getHref()} />
      <div className="history__filters" role="group" aria-label={t('history.filters')}>
        <SelectField
          label={t('history.status')}
          value={filters.status ?? ''}
          onChange={(e) => setFilters({ ...filters, status: (e.target.value || null) as DepositStatus | null })}
          options={[{ value: '', label: t('history.all') }, ...DEPOSIT_STATUS_LIST.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))]}
        />
        <SelectField
          label={t('history.channel')}
          value={filters.channel ?? ''}
          onChange={(e) => setFilters({ ...filters, channel: (e.target.value || null) as DepositChannel | null })}
          options={[{ value: '', label: t('history.all') }, ...DEPOSIT_CHANNEL_LIST.map((c) => ({ value: c, label: t(CHANNEL_LABEL[c]) }))]}
        />
      </div>

      {history.items.length > 0 && (
        <ul className="history__list">
          {history.items.map((entry) => (
            <HistoryItem key={entry.order.id} entry={entry} />
          ))}
        </ul>
      )}

      {!history.loading && history.error === undefined && history.items.length === 0 && (
        <div className="wallet__notice">
          <p>{filtered ? t('history.emptyFiltered') : t('history.empty')}</p>
          {!filtered && (
            <Link to={paths.recharge.getHref()} className="button button--primary">
              {t('wallet.recharge')}
            </Link>
          )}
        </div>
      )}

      {history.error !== undefined && (
        <div className="wallet__notice" role="alert">
          <p>{messageText(t, apiErrorMessage(history.error))}</p>
          <button type="button" className="button button--ghost" onClick={history.retry}>
            {t('wallet.retry')}
          </button>
        </div>
      )}

      {history.loading && <p className="wallet__notice">{history.items.length > 0 ? t('history.loadingMore') : t('common.loading')}</p>}

      {history.hasMore && history.error === undefined && (
        <LoadMoreButton className="history__more" onLoadMore={history.loadMore} disabled={history.loading} label={t('history.loadMore')} />
      )}
      {!history.hasMore && !history.loading && history.items.length > 0 && <p className="history__end">{t('history.end')}</p>}
    </main>
  );
}

/**
 * One order: amount, status, channel, time and number; a UPI order shows its UTR, a USDT order
 * the USDT amount it asked for. An order still waiting links to its payment or address screen.
 */
function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const { t } = useI18n();
  const deposit = entry.order;
  const open = entry.kind === 'usdt' ? isOpenUsdtStatus(entry.order.status) : isAwaitingPayment(entry.order.status);
  return (
    <li className="history-item">
      <div className="history-item__top">
        <strong className="history-item__amount">{formatMoneyMinor(deposit.amountMinor, deposit.currency)}</strong>
        {entry.kind === 'usdt' ? (
          <UsdtStatusChip status={entry.order.status} />
        ) : (
          <StatusChip status={entry.order.status} />
        )}
      </div>
      <dl className="history-item__facts">
        <div>
          <dt>{t('history.channel')}</dt>
          <dd>{t(CHANNEL_LABEL[deposit.channel])}</dd>
        </div>
        <div>
          <dt>{t('history.time')}</dt>
          <dd>
            <time dateTime={deposit.createdAt}>{formatDateTimeIst(Date.parse(deposit.createdAt))}</time>
          </dd>
        </div>
        <div>
          <dt>{t('history.order')}</dt>
          <dd className="history-item__order">
            <span>{deposit.id}</span>
            <CopyButton value={deposit.id} what={t('payment.orderWhat')} />
          </dd>
        </div>
        {entry.kind === 'upi' && entry.order.utr && (
          <div>
            <dt>{t('history.utr')}</dt>
            <dd>{entry.order.utr}</dd>
          </div>
        )}
        {entry.kind === 'usdt' && (
          <div>
            <dt>{t('usdt.history.amount')}</dt>
            <dd>
              {entry.order.usdtAmount} {entry.order.tokenSymbol}
            </dd>
          </div>
        )}
      </dl>
      {open && (
        <Link to={paymentHref(deposit.id)} className="history-item__open">
          {t('history.open')}
        </Link>
      )}
      <Link to={paths.help.getHref({ report: `deposit:${deposit.id}` })} className="history-item__open">
        {t('history.report')}
      </Link>
    </li>
  );
}
