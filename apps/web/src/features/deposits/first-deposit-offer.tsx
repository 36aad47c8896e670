import type { FirstDepositStatus } from '@colorplay/contract';
import { useId } from 'react';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { firstDepositResource } from './api/first-deposit';
import '../../lib/wallet-texts';

type Offer = NonNullable<FirstDepositStatus['offer']>;

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
