import type { LotteryGameId, WingoSelectionCode } from '@colorplay/contract';
import { FIVED_POSITIONS, fivedPayoutRatio, K3_ODDS, K3_SUM_ODDS, ratioText } from '@colorplay/lottery';
import type { Translate } from '../../../lib/i18n';
import { selectionLabel as wingoSelectionLabel } from '../selection';
import './i18n';

/**
 * How a K3, 5D or Trx Win selection id of the rule tables (packages/lottery k3.ts, fived.ts) is named on
 * screen and read aloud: "Sum 10", "Two same 1 1 and 2", "Three different 1 2 3", "A 7", "Sum Big".
 */

const SIDES = ['big', 'small', 'odd', 'even'] as const;
type Side = (typeof SIDES)[number];
const isSide = (v: string): v is Side => (SIDES as readonly string[]).includes(v);
const sideText = (side: Side, t: Translate) => t(`lg.sel.${side}`);

export function k3SelectionLabel(id: string, t: Translate): string {
  const [kind, arg = ''] = id.split(':') as [string, string | undefined];
  const digits = [...arg.replace('-', '')];
  if (kind === 'sum') return t('lg.sel.sum', { sum: arg });
  if (isSide(kind)) return sideText(kind, t);
  if (kind === 'pair') return arg.includes('-') ? t('lg.sel.pairSingle', { a: digits[0]!, b: digits[2]! }) : t('lg.sel.pair', { a: digits[0]! });
  if (kind === 'triple') return arg === 'any' ? t('lg.sel.tripleAny') : t('lg.sel.triple', { a: digits[0]! });
  if (kind === 'diff3') return t('lg.sel.diff3', { a: digits[0]!, b: digits[1]!, c: digits[2]! });
  if (kind === 'diff2') return t('lg.sel.diff2', { a: digits[0]!, b: digits[1]! });
  if (kind === 'straight') return t('lg.sel.straight');
  return id;
}

export function fivedSelectionLabel(id: string, t: Translate): string {
  const [where = '', choice = ''] = id.split(':');
  const position = where === 'sum' ? t('lg.5d.sum') : where;
  return t('lg.sel.position', { position, choice: isSide(choice) ? sideText(choice, t) : choice });
}

/** Each game's namer; Trx Win's selections are Wingo's and read as Wingo's ("Green", "Number 7", "Big"). */
const SELECTION_LABELS: Record<LotteryGameId, (id: string, t: Translate) => string> = {
  k3: k3SelectionLabel,
  '5d': fivedSelectionLabel,
  trx: (id, t) => wingoSelectionLabel(id as WingoSelectionCode, t),
};

export const selectionLabelOf = (game: LotteryGameId, id: string, t: Translate) => SELECTION_LABELS[game](id, t);

/** The published multiple a selection pays, as text ("7.68", "9"), read from the rule tables. */
export function payoutText(game: LotteryGameId, id: string): string {
  // 5D: a position's digit, or a side (of a position or the sum), each against an outcome it wins on.
  if (game === '5d') return ratioText(/:\d$/.test(id) ? fivedPayoutRatio('A:0', [0, 0, 0, 0, 0])! : fivedPayoutRatio('A:big', [9, 0, 0, 0, 0])!);
  const [kind, arg = ''] = id.split(':') as [string, string | undefined];
  const odds: Record<string, string | undefined> = {
    sum: K3_SUM_ODDS[Number(arg)],
    big: K3_ODDS.bigSmallOddEven,
    small: K3_ODDS.bigSmallOddEven,
    odd: K3_ODDS.bigSmallOddEven,
    even: K3_ODDS.bigSmallOddEven,
    pair: arg.includes('-') ? K3_ODDS.pairSpecific : K3_ODDS.pairAny,
    triple: arg === 'any' ? K3_ODDS.tripleAny : K3_ODDS.tripleSpecific,
    diff3: K3_ODDS.diff3,
    diff2: K3_ODDS.diff2,
    straight: K3_ODDS.straight,
  };
  const text = odds[kind];
  return text ?? '—';
}

export { FIVED_POSITIONS };
