import type { LotteryVoid } from '@colorplay/contract';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { voidsResource } from './api';
import './i18n';
import { ListState, MoreButton } from './records';

/**
 * "Voided rounds" of the fairness screen (decision 384): every refunded round of the room, newest
 * first, with why, what was staked and, whenever its link was public, what it would have drawn and
 * paid, so a player can see for themselves that voids do not fall on the house's losses.
 */
export function VoidedRounds({ game, room }: { game: LotteryVoid['game']; room: string }) {
  const { t } = useI18n();
  const voids = useInfiniteResource(room ? voidsResource(game, room) : null);
  const items = voids.pages.flatMap((p) => p.items);
  const reason = (r: LotteryVoid['reason']) => t(`voids.reason.${r}`);
  return (
    <section aria-labelledby="voided-rounds-title" className="verify-voids">
      <h2 id="voided-rounds-title" className="wingo-subtitle">
        {t('voids.title')}
      </h2>
      <p className="wingo-muted">{t('voids.intro')}</p>
      {items.length === 0 && voids.loading === false && !voids.error ? (
        <p className="wingo-muted">{t('voids.none')}</p>
      ) : (
        <ListState loading={voids.loading} error={!!voids.error && items.length === 0} empty={false} retry={voids.retry} />
      )}
      {items.length > 0 && (
        <table className="wingo-table">
          <thead>
            <tr>
              <th scope="col">{t('wingo.col.period')}</th>
              <th scope="col">{t('voids.col.reason')}</th>
              <th scope="col">{t('voids.col.would')}</th>
              <th scope="col">{t('voids.col.staked')}</th>
              <th scope="col">{t('voids.col.wouldPay')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((v) => (
              <tr key={v.period}>
                <td>{v.period}</td>
                <td>{reason(v.reason)}</td>
                <td>{v.wouldOutcome ? v.wouldOutcome.join(' ') : t('voids.unknown')}</td>
                <td>{formatMoneyMinor(v.stakesMinor)}</td>
                <td>{v.wouldPayoutMinor === null ? t('voids.unknown') : formatMoneyMinor(v.wouldPayoutMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <MoreButton list={voids} />
    </section>
  );
}
