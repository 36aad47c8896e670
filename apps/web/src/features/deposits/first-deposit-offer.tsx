import type { FirstDepositRefusal, FirstDepositStatus } from '@colorplay/contract';
import { useId } from 'react';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { firstDepositResource } from './api/first-deposit';
import './first-deposit.css';
import '../../lib/wallet-texts';

type Offer = NonNullable<FirstDepositStatus['offer']>;

/** How often the payment page asks for the bonus's outcome while the credit's handler has not decided it. */
const CLAIM_POLL_MS = 2000;

/**
 * The first-deposit offer on the recharge page (docs/promotions.md): the offer in words, its terms
 * version and full terms behind a disclosure, and the opt-in checkbox, never ticked by default
 * (the UK Gambling Commission's rule on incentives: the player chooses, after reading the terms).
 */
export function FirstDepositOfferCard({ offer, checked, onChange, currency }: { offer: Offer; checked: boolean; onChange: (checked: boolean) => void; currency: string }) {
  const { t } = useI18n();
  const headingId = useId();
  const words = {
    percent: String(offer.percent),
    cap: formatMoneyMinor(offer.capMinor, currency),
    multiple: String(offer.wageringMultiple),
    days: String(offer.bonusValidDays),
  };
  return (
    <section className="first-deposit" aria-labelledby={headingId}>
      <h2 id={headingId} className="first-deposit__title">
        {t('firstDeposit.title')}
      </h2>
      <p className="first-deposit__offer">{t('firstDeposit.offer', words)}</p>
      <p className="first-deposit__terms-version">{t('firstDeposit.termsVersion', { version: offer.termsVersion })}</p>
      <details className="first-deposit__terms">
        <summary>{t('firstDeposit.termsShow')}</summary>
        <ul>
          <li>{t('firstDeposit.terms.amount', words)}</li>
          <li>{t('firstDeposit.terms.account')}</li>
          <li>{t('firstDeposit.terms.wagering', words)}</li>
          <li>{t('firstDeposit.terms.withdraw', words)}</li>
          <li>{t('firstDeposit.terms.oneAtATime')}</li>
          <li>{t('firstDeposit.terms.who')}</li>
        </ul>
      </details>
      <label className="first-deposit__opt-in">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {t('firstDeposit.optIn')}
      </label>
    </section>
  );
}

/** The offer the recharge page may show: one that runs for this player now, else nothing. */
export function useFirstDepositOffer(): Offer | null {
  return useResource(firstDepositResource).data?.offer ?? null;
}

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
