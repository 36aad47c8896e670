import type { GameStatistics, PlayerStatistics, StatisticsPeriod } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useState } from 'react';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { formatDateTimeIst, formatMoneyMinor, formatNumber } from '../../lib/format';
import { useI18n, type Translate } from '../../lib/i18n';
import { useResource, type ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';
import './i18n';
import './statistics.css';

const statisticsResource: ResourceSpec<PlayerStatistics> = {
  key: 'statistics',
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: PlayerStatistics }>(LAZY_API_PATHS.player_statistics, { signal })).data,
};

const LOTTERY_NAMES = { wingo: 'stats.game.wingo', k3: 'stats.game.k3', '5d': 'stats.game.5d', trx: 'stats.game.trx' } as const;

function gameName(t: Translate, g: GameStatistics): string {
  if (g.game === null) return t('stats.game.unknown');
  if (g.kind === 'lottery' && g.game in LOTTERY_NAMES) return t(LOTTERY_NAMES[g.game as keyof typeof LOTTERY_NAMES]);
  return g.title ?? g.game;
}

/** A signed amount: "+₹73.00" for a gain, "-₹23.00" for a loss. */
const signed = (minor: number, currency: string) => (minor > 0 ? `+${formatMoneyMinor(minor, currency)}` : formatMoneyMinor(minor, currency));

/**
 * Account › Statistics (decision 459): the net result first, then bets, staked and paid out, for
 * today, yesterday, the last 7 and 30 India days, in total and per game, as the ledger has them.
 */
export function StatisticsPage() {
  const { t } = useI18n();
  const { data, error, reload } = useResource(statisticsResource);
  const [period, setPeriod] = useState<StatisticsPeriod>('today');
  const shown = data?.periods.find((p) => p.period === period);
  const money = (minor: number) => formatMoneyMinor(minor, data?.currency);

  return (
    <main className="page stats">
      <TopBar title={t('stats.title')} backTo={paths.account.path} />
      <div className="stats__periods" role="group" aria-label={t('stats.periods')}>
        {(['today', 'yesterday', 'last7Days', 'last30Days'] as const).map((p) => (
          <button key={p} type="button" className="stats__period" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {t(`stats.period.${p}`)}
          </button>
        ))}
      </div>
      {!data && !error && (
        <p role="status" className="stats__status">
          {t('common.loading')}
        </p>
      )}
      {error && !data && (
        <p role="alert" className="stats__status">
          {t('common.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={reload}>
            {t('error.retry')}
          </button>
        </p>
      )}
      {shown && data && (
        <>
          <section className="stats__total" aria-labelledby="stats-net">
            <h2 id="stats-net" className="stats__net-label">
              {t('stats.net')}
            </h2>
            <p className={`stats__net${shown.total.netMinor < 0 ? ' stats__net--loss' : ''}`}>{signed(shown.total.netMinor, data.currency)}</p>
            <p className="stats__help">{t('stats.netHelp')}</p>
            <dl className="stats__figures">
              <div>
                <dt>{t('stats.bets')}</dt>
                <dd>{formatNumber(shown.total.bets)}</dd>
              </div>
              <div>
                <dt>{t('stats.staked')}</dt>
                <dd>{money(shown.total.stakedMinor)}</dd>
              </div>
              <div>
                <dt>{t('stats.paidOut')}</dt>
                <dd>{money(shown.total.paidOutMinor)}</dd>
              </div>
            </dl>
            <p className="stats__help">{t('stats.window', { from: formatDateTimeIst(new Date(shown.from)), to: formatDateTimeIst(new Date(shown.to)) })}</p>
          </section>
          {shown.games.length === 0 ? (
            <p className="stats__status">{t('stats.none')}</p>
          ) : (
            <div className="stats__scroll" role="region" aria-label={t('stats.byGame')} tabIndex={0}>
              <table className="stats__table">
                <caption>{t('stats.byGame')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('stats.game')}</th>
                    <th scope="col">{t('stats.net')}</th>
                    <th scope="col">{t('stats.bets')}</th>
                    <th scope="col">{t('stats.staked')}</th>
                    <th scope="col">{t('stats.paidOut')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.games.map((g) => (
                    <tr key={g.game ?? ''}>
                      <th scope="row">{gameName(t, g)}</th>
                      <td>{signed(g.netMinor, data.currency)}</td>
                      <td>{formatNumber(g.bets)}</td>
                      <td>{money(g.stakedMinor)}</td>
                      <td>{money(g.paidOutMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </main>
  );
}
