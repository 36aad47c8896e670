import { drawUniform, type LotteryGame } from './game';
import { WINGO_ROOMS } from './rounds';
import { isWingoDigit, WINGO, WINGO_BET_OPTIONS, WINGO_SELECTIONS, type WingoDigit, type WingoSelection } from './wingo';

const WINGO_SELECTION_SET: ReadonlySet<string> = new Set(WINGO_SELECTIONS);

/**
 * Wingo as a LotteryGame (decision 250): its rule table (wingo.ts) is used as it is; this only
 * adds what the engine needs. The outcome is one value 0-9 drawn from the fair byte stream,
 * which is exactly packages/fair's derivation (a test checks it against deriveDigitSync).
 */
export const WINGO_GAME: LotteryGame<WingoSelection, WingoDigit> = {
  game: WINGO.game,
  selections: WINGO.selections,
  isSelection: (value): value is WingoSelection => WINGO_SELECTION_SET.has(value),
  payoutRatio: WINGO.payoutRatio,
  betOptions: WINGO_BET_OPTIONS,
  rooms: WINGO_ROOMS,
  source: 'fair',
  outcomeFromBytes(bytes) {
    const d = drawUniform(bytes, 1, 0, 9);
    return d ? { outcome: d.values[0] as WingoDigit, words: d.words } : null;
  },
  encode: (digit) => [digit],
  decode: (values) => (values.length === 1 && isWingoDigit(values[0]!) ? values[0] : null),
  outcomes: () => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
};
