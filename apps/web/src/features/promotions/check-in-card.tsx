import type { CheckInInput, CheckInState } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useState } from 'react';
import { useMoneyAction } from '../../components/ui/money-action';
import { formatMoneyMinor } from '../../lib/format';
import { LoadNotice } from '../../components/ui/load-notice';
import { useI18n } from '../../lib/i18n';
import { setResourceData, useResource } from '../../lib/resource';
import { authedApi } from '../../lib/session';
import { promotionsResource } from './api';
import './check-in-vip-i18n';
import './check-in-vip.css';

/** Today's check-in as the server says it is (decision 545). */
export const checkInResource = promotionsResource<CheckInState>('promotions:check-in', LAZY_API_PATHS.promotions_check_in);

/**
 * The daily check-in (decision 545), a card for the Activity page: today's state from the server,
 * the offer with its terms version and a "Check in" button when available, the bonus it gave
 * when done, and the reason in words when unavailable (the offer itself is then not shown).
 */
export function CheckInCard() {
  const { t } = useI18n();
  const { data, error, reload } = useResource(checkInResource);
  const [failed, setFailed] = useState(false);
  const action = useMoneyAction(
    async (input: CheckInInput) => (await authedApi.post<{ data: CheckInState }>(LAZY_API_PATHS.promotions_check_in, input)).data,
    {
      report: 'inline',
      // The answer is today's state: the card shows it at once, and the bonuses list reads again.
      onSuccess: (state) => setResourceData(checkInResource.key, state),
      invalidates: ['promotions:bonuses'],
    },
  );
  const checkIn = async () => {
    if (!data?.offer) return;
    setFailed(false);
    // A refusal (done already, paused, budget spent, not eligible) is worded from the state read again.
    await action.run({ termsVersion: data.offer.termsVersion }).catch(() => {
      setFailed(true);
      reload();
    });
  };

  return (
    <section className="check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title" className="check-in__title">
        {t('checkIn.title')}
      </h2>
      <p className="check-in__about">{t('checkIn.about')}</p>
      <LoadNotice loaded={Boolean(data)} error={error} retry={reload} />
      {failed && <p role="alert">{t('checkIn.failed')}</p>}
      {data?.state === 'available' && data.offer && (
        <>
          <p>{t('checkIn.offer', { amount: formatMoneyMinor(data.offer.amountMinor), multiple: String(data.offer.wageringMultiple), days: String(data.offer.validDays) })}</p>
          <p className="check-in__terms">{t('checkIn.terms', { version: data.offer.termsVersion })}</p>
          <button type="button" className="button button--primary check-in__button" aria-disabled={action.busy || undefined} onClick={() => void checkIn()}>
            {action.busy ? t('checkIn.busy') : t('checkIn.button')}
          </button>
        </>
      )}
      {data?.state === 'done' && (
        <p role="status">
          {t('checkIn.done', { amount: formatMoneyMinor(data.grant?.amountMinor ?? 0) })}
          {data.grant && (
            <>
              {' '}
              <span className="check-in__terms">{t('checkIn.terms', { version: data.grant.termsVersion })}</span>
            </>
          )}
        </p>
      )}
      {data?.state === 'unavailable' && (
        <p role="status">
          {t('checkIn.unavailable')} {data.reason && t(`checkIn.reason.${data.reason}`)}
        </p>
      )}
    </section>
  );
}
