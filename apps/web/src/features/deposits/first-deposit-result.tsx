import type { FirstDepositRefusal } from '@colorplay/contract';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { firstDepositResource } from './api/first-deposit';
import '../../lib/wallet-texts';

/** How often the payment page asks for the bonus's outcome while the credit's handler has not decided it. */
const CLAIM_POLL_MS = 2000;

const REFUSAL_TEXT: Record<FirstDepositRefusal, PlainMessageKey> = {
  no_offer: 'firstDeposit.refused.offerEnded',
  offer_paused: 'firstDeposit.refused.offerEnded',
  offer_expired: 'firstDeposit.refused.offerEnded',
  budget_spent: 'firstDeposit.refused.budgetSpent',
  not_first_deposit: 'firstDeposit.refused.notFirst',
  bonus_already_active: 'firstDeposit.refused.bonusActive',
  terms_outdated: 'firstDeposit.refused.terms',
  no_marketing_consent: 'firstDeposit.refused.consent',
  on_break: 'firstDeposit.refused.safety',
  self_excluded: 'firstDeposit.refused.safety',
  limit_hit_recently: 'firstDeposit.refused.safety',
  account_suspended: 'firstDeposit.refused.account',
  account_closed: 'firstDeposit.refused.account',
};

/**
 * On a recharge order's page: what became of the first-deposit bonus the player opted into with
 * this order. Read again every few seconds once the order is paid until the credit's handler has
 * decided it (granted, or refused with the reason). Nothing for an order without the opt-in.
 */
export function FirstDepositResult({ orderId, paid, currency }: { orderId: string; paid: boolean; currency: string }) {
  const { t } = useI18n();
  const status = useResource(firstDepositResource, { pollMs: null });
  const claim = status.data?.claim?.orderId === orderId ? status.data.claim : null;
  const deciding = paid && claim?.status === 'pending';
  useResource(deciding ? firstDepositResource : null, { pollMs: deciding ? CLAIM_POLL_MS : null });
  if (!claim) return null;
  let text: string;
  if (claim.status === 'granted') text = t('firstDeposit.granted', { amount: formatMoneyMinor(claim.bonusMinor ?? 0, currency) });
  else if (claim.status === 'refused') text = t(REFUSAL_TEXT[claim.refusedReason ?? 'no_offer']);
  else text = t(paid ? 'firstDeposit.deciding' : 'firstDeposit.optedIn');
  return (
    <p className="first-deposit__result" role="status">
      {text} {t('firstDeposit.termsVersion', { version: claim.termsVersion })}
    </p>
  );
}
