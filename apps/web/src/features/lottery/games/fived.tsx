import { useI18n } from '../../../lib/i18n';
import { FivedBoard } from './fived-board';
import './i18n';
import { summaryText } from './outcome';
import { payoutText } from './selection';
import { sumLine, VALUES_AND_SUM, type LotteryGameView } from './view-parts';

/** 5D on screen: five digits A-E, their sum, size and parity (its row of the view table, views.tsx). */

function FivedRules() {
  const { t } = useI18n();
  return (
    <ul>
      <li>{t('lg.rules.5d.draw')}</li>
      <li>{t('lg.rules.5d.digit', { x: payoutText('5d', 'A:0') })}</li>
      <li>{t('lg.rules.5d.side', { x: payoutText('5d', 'A:big') })}</li>
      <li>{t('lg.rules.5d.sum', { x: payoutText('5d', 'sum:big') })}</li>
    </ul>
  );
}

export const FIVED_VIEW: LotteryGameView = {
  Board: FivedBoard,
  summaryLine: (_outcome, summary, t) => summaryText(summary, t),
  popupLine: sumLine,
  historyColumns: VALUES_AND_SUM('5d'),
  chart: { min: 0, column: (p, t) => t('lg.chart.position', { position: String.fromCharCode(65 + p) }) },
  Rules: FivedRules,
  fairRule: (t) => t('wingo.rules.fair'),
};
