import type { AdminReviewContext } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, fillPath } from './api';
import { kycStatusText } from './i18n';
import { linkReasonsText } from './links-panel';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/**
 * What a reviewer needs of the card's player without another click (decision 422): money, the last
 * 30 days of deposits and withdrawals, wagering, identity check, responsible-gambling state and linked accounts.
 */
export function ReviewContext({ playerId }: { playerId: number }) {
  const path = fillPath(LAZY_API_PATHS.admin_player_review_context, { playerId });
  const context = useLoad((signal) => adminApi.get<AdminReviewContext>(path, signal), path);
  if (context.error) return <LoadError error={context.error} retry={context.reload} />;
  const c = context.data;
  if (!c) return <p>{t('admin.loading')}</p>;
  return (
    <ul aria-label={t('admin.context.label', { id: playerId })}>
      <li>{t('admin.context.money', { balance: formatMoneyMinor(c.balanceMinor), withdrawable: formatMoneyMinor(c.withdrawableMinor) })}</li>
      <li>
        {c.remainingToPlayMinor > 0 ? t('admin.context.wageringLocked', { amount: formatMoneyMinor(c.remainingToPlayMinor) }) : t('admin.context.wageringClear')}
      </li>
      <li>{t('admin.context.flows', { deposits: formatMoneyMinor(c.deposits30dMinor), withdrawals: formatMoneyMinor(c.withdrawals30dMinor) })}</li>
      <li>{t('admin.context.kyc', { status: kycStatusText(c.kycStatus) })}</li>
      <li>
        {[
          t(`admin.context.block.${c.safetyBlock}`),
          t('admin.context.limits', { count: c.limitsInForce }),
          ...(c.suspended ? [t('admin.context.suspended')] : []),
          ...(c.closure
            ? [t(c.closure.balanceRule === 'hold' ? 'admin.context.closedHold' : 'admin.context.closedPayOut', { reason: t(`admin.account.closeReason.${c.closure.reason}`) })]
            : []),
        ].join(' · ')}
      </li>
      <li>
        {c.linkedAccounts.length === 0
          ? t('admin.context.noLinks')
          : t('admin.context.links', { links: c.linkedAccounts.map((l) => `#${l.playerId}: ${linkReasonsText(l)}`).join(' · ') })}
      </li>
    </ul>
  );
}
