import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useFirstDepositOffer } from './first-deposit-offer';
import '../../lib/wallet-texts';

/**
 * The first-deposit offer on the Activity tab (docs/promotions.md): the offer in words with its
 * terms version and the way to it, the recharge page, where the player opts in (never pre-ticked)
 * after reading the full terms. Nothing when no offer runs for this player: the server decides
 * (no credited deposit yet, offers not paused).
 */
export function FirstDepositActivityCard() {
  const { t } = useI18n();
  const headingId = useId();
  const offer = useFirstDepositOffer();
  if (!offer) return null;
  const words = { percent: String(offer.percent), cap: formatMoneyMinor(offer.capMinor), multiple: String(offer.wageringMultiple), days: String(offer.bonusValidDays) };
  return (
    <article className="activity__card" aria-labelledby={headingId}>
      <h3 id={headingId} className="activity__card-title">
        {t('firstDeposit.title')}
      </h3>
      <p>{t('firstDeposit.offer', words)}</p>
      <p className="activity__muted">{t('firstDeposit.termsVersion', { version: offer.termsVersion })}</p>
      <Link to={paths.recharge.getHref()} className="button button--primary activity__link">
        {t('firstDeposit.toRecharge')}
      </Link>
    </article>
  );
}
