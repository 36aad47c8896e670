import type { AdminBonusGrant } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, fillPath } from './api';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/**
 * A player's bonuses in the player view (docs/promotions.md, "Console and cost"), read only:
 * each grant's source and offer, status, bonus left, and wagering progress, newest first.
 */
export function BonusesTab({ playerId }: { playerId: number }) {
  const path = fillPath(LAZY_API_PATHS.admin_player_bonuses, { playerId });
  const list = useLoad((signal) => adminApi.get<{ items: AdminBonusGrant[] }>(path, signal), path);
  if (list.error) return <LoadError error={list.error} retry={list.reload} />;
  if (!list.data) return <p role="status">{t('admin.loading')}</p>;
  if (list.data.items.length === 0) return <p>{t('admin.promo.bonuses.none')}</p>;
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption>{t('admin.promo.bonuses.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.promo.bonuses.col.granted')}</th>
            <th scope="col">{t('admin.promo.cost.col.source')}</th>
            <th scope="col">{t('admin.promo.col.state')}</th>
            <th scope="col">{t('admin.promo.col.bonus')}</th>
            <th scope="col">{t('admin.promo.bonuses.col.left')}</th>
            <th scope="col">{t('admin.promo.bonuses.col.progress')}</th>
            <th scope="col">{t('admin.promo.bonuses.col.ends')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.items.map((g) => (
            <tr key={g.id}>
              <th scope="row">{formatDateTimeIst(new Date(g.grantedAt))}</th>
              <td>{t('admin.promo.bonuses.source', { source: t(`admin.promo.source.${g.source}`), ref: g.sourceRef })}</td>
              <td>{t(`admin.promo.bonuses.status.${g.status}`)}</td>
              <td className="numeric">{formatMoneyMinor(g.amountMinor)}</td>
              <td className="numeric">{formatMoneyMinor(g.balanceMinor)}</td>
              <td className="numeric">{t('admin.promo.budgetCell', { spent: formatMoneyMinor(g.wageredMinor), budget: formatMoneyMinor(g.requiredMinor) })}</td>
              <td>{formatDateTimeIst(new Date(g.endedAt ?? g.expiresAt))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
