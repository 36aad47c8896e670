import { K3_ODDS, K3_SUM_ODDS } from '@colorplay/lottery';
import { useI18n } from '../../../lib/i18n';
import { DiceStage } from './dice-stage';
import './i18n';
import { K3Board } from './k3-board';
import { summaryText } from './outcome';
import { sumLine, VALUES_AND_SUM, type LotteryGameView } from './view-parts';

/** K3 on screen: three dice, their sum, size and parity (its row of the view table, views.tsx). */

function K3Rules() {
  const { t } = useI18n();
  return (
    <ul>
      <li>{t('lg.rules.k3.draw')}</li>
      <li>{t('lg.rules.k3.sum', { x3: K3_SUM_ODDS[3]!, x10: K3_SUM_ODDS[10]! })}</li>
      <li>{t('lg.rules.k3.size', { x: K3_ODDS.bigSmallOddEven })}</li>
      <li>{t('lg.rules.k3.pair', { x: K3_ODDS.pairAny, xs: K3_ODDS.pairSpecific })}</li>
      <li>{t('lg.rules.k3.triple', { x: K3_ODDS.tripleSpecific, xa: K3_ODDS.tripleAny })}</li>
      <li>{t('lg.rules.k3.diff', { x3: K3_ODDS.diff3, x2: K3_ODDS.diff2, xr: K3_ODDS.straight })}</li>
    </ul>
  );
}

export const K3_VIEW: LotteryGameView = {
  Board: K3Board,
  Latest: DiceStage,
  summaryLine: (_outcome, summary, t) => summaryText(summary, t),
  popupLine: sumLine,
  historyColumns: VALUES_AND_SUM('k3'),
  chart: { min: 1, column: (p, t) => t('lg.chart.die', { n: p + 1 }) },
  Rules: K3Rules,
  fairRule: (t) => t('wingo.rules.fair'),
};
