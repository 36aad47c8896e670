import type { VipStatus } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { formatMoneyMinor, formatNumber } from '../../lib/format';
import { LoadNotice } from '../../components/ui/load-notice';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { promotionsResource } from './api';
import './check-in-vip-i18n';
import './check-in-vip.css';

const vipResource = promotionsResource<VipStatus>('promotions:vip', LAZY_API_PATHS.promotions_vip);

/**
 * The VIP page (decision 546): the player's level and what counts so far, the next level's
 * conditions stated as they are published (never an amount "to go"), and the whole table of
 * levels and their service benefits. Shown to every player, also one on a break: it gives no cash.
 */
export function VipPage() {
  const { t } = useI18n();
  const { data, error, reload } = useResource(vipResource);
  const yesNo = (b: boolean) => (b ? t('vip.yes') : t('vip.no'));

  return (
    <main className="page vip">
      <TopBar title={t('vip.title')} backTo={paths.activity.path} />
      <p className="vip__about">{t('vip.about')}</p>
      <LoadNotice loaded={Boolean(data)} error={error} retry={reload} />
      {data && (
        <>
          <section aria-labelledby="vip-level">
            <h2 id="vip-level">{t('vip.yourLevel', { level: String(data.level) })}</h2>
            <h3>{t('vip.counts')}</h3>
            <dl className="vip__counts">
              <div>
                <dt>{t('vip.tenure')}</dt>
                <dd>{formatNumber(data.counts.tenureDays)}</dd>
              </div>
              <div>
                <dt>{t('vip.kyc')}</dt>
                <dd>{yesNo(data.counts.kycVerified)}</dd>
              </div>
              <div>
                <dt>{t('vip.play')}</dt>
                <dd>{formatMoneyMinor(data.counts.verifiedPlayMinor)}</dd>
              </div>
            </dl>
            <p>
              {data.next
                ? t('vip.next', { level: String(data.next.level), days: formatNumber(data.next.tenureDays), play: formatMoneyMinor(data.next.verifiedPlayMinor) })
                : t('vip.top')}
            </p>
          </section>
          <section>
            <h2 id="vip-table">{t('vip.table')}</h2>
            {/* A region the keyboard can scroll: the table may be wider than a 320 px phone. */}
            <div className="vip__table-wrap" role="region" aria-labelledby="vip-table" tabIndex={0}>
              <table className="vip__table" aria-labelledby="vip-table">
                <thead>
                  <tr>
                    <th scope="col">{t('vip.col.level')}</th>
                    <th scope="col">{t('vip.col.tenure')}</th>
                    <th scope="col">{t('vip.col.kyc')}</th>
                    <th scope="col">{t('vip.col.play')}</th>
                    <th scope="col">{t('vip.col.support')}</th>
                    <th scope="col">{t('vip.col.withdrawals')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.levels.map((row) => (
                    <tr key={row.level} aria-current={row.level === data.level ? 'true' : undefined}>
                      <th scope="row">{row.level}</th>
                      <td>{formatNumber(row.tenureDays)}</td>
                      <td>{yesNo(row.kycVerified)}</td>
                      <td>{formatMoneyMinor(row.verifiedPlayMinor)}</td>
                      <td>{row.supportResponseHours === null ? t('vip.standard') : t('vip.hours', { hours: String(row.supportResponseHours) })}</td>
                      <td>{row.withdrawalReviewFirst ? t('vip.reviewFirst') : t('vip.standard')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="vip__help">{t('vip.playHelp')}</p>
          </section>
        </>
      )}
    </main>
  );
}
