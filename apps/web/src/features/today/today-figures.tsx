import type { TodayFigures as Figures } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId } from 'react';
import { api } from '../../lib/api-client';
import { formatMoneyMinor, formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource, type ResourceSpec } from '../../lib/resource';
import './i18n';
import './today-figures.css';

/** The server caches the figures a minute (decision 518); reading them more often shows nothing new. */
const todayResource: ResourceSpec<Figures> = {
  key: 'today-figures',
  staleMs: 60_000,
  fetch: async (signal) => (await api.get<{ data: Figures }>(LAZY_API_PATHS.today_figures, { signal })).data,
};

/** Nothing to say: no figures (yet, or the read failed) or a day with nothing drawn. */
const isEmpty = (f: Figures | undefined): f is undefined => !f || (f.roundsDrawn === 0 && f.betsSettled === 0 && f.paidOutMinor === 0);

/**
 * Home's figures of the day (decision 518): the real totals of the four lottery games since
 * midnight IST, every player together, as the server summed them; never a player's, never made
 * up. Hidden when there are none, and when they cannot be read (they are not worth an error on home).
 */
export default function TodayFigures() {
  const { t } = useI18n();
  const titleId = useId();
  const { data } = useResource(todayResource);
  if (isEmpty(data)) return null;
  return (
    <section className="today" aria-labelledby={titleId}>
      <h2 id={titleId} className="today__title">
        {t('today.title')}
      </h2>
      <ul className="today__figures">
        <li>{t('today.rounds', { count: data.roundsDrawn, n: formatNumber(data.roundsDrawn) })}</li>
        <li>{t('today.bets', { count: data.betsSettled, n: formatNumber(data.betsSettled) })}</li>
        <li>{t('today.paid', { amount: formatMoneyMinor(data.paidOutMinor, data.currency) })}</li>
      </ul>
      <p className="today__note">{t('today.note')}</p>
    </section>
  );
}
