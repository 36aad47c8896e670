import { describe, expect, it } from 'vitest';
import { checkBet, payoutMinor, priceBet, type BetLimits, type BetRequest } from './betting';
import { mulDivFloor, ratio } from './ratio';
import { WINGO, WINGO_BET_OPTIONS, WINGO_SELECTIONS, wingoPayoutRatio, type WingoDigit } from './wingo';

const LIMITS: BetLimits = { minQuantity: 1, maxQuantity: 50, minBetMinor: 100, maxBetMinor: 1_000_000, maxRoundMinor: 2_000_000 };
const bet = (over: Partial<BetRequest> = {}): BetRequest => ({ selection: 'red', amountMinor: 1_000, quantity: 1, multiplier: 1, ...over });

describe('pricing: total, 2 % fee, contract amount', () => {
  it('plays a 100-rupee bet as 98 and total = amount x quantity x multiplier', () => {
    expect(priceBet(10_000, 1, 1, 200)).toEqual({ totalMinor: 10_000, feeMinor: 200, contractMinor: 9_800 });
    expect(priceBet(100, 3, 5, 200)).toEqual({ totalMinor: 1_500, feeMinor: 30, contractMinor: 1_470 });
    expect(priceBet(100_000, 50, 100, 200)).toEqual({ totalMinor: 500_000_000, feeMinor: 10_000_000, contractMinor: 490_000_000 });
  });

  it('rounds the fee down to the paisa on amounts that are not whole rupees', () => {
    expect(priceBet(149, 1, 1, 200)).toEqual({ totalMinor: 149, feeMinor: 2, contractMinor: 147 }); // 2.98 -> 2
    expect(priceBet(49, 1, 1, 200)).toEqual({ totalMinor: 49, feeMinor: 0, contractMinor: 49 }); // 0.98 -> 0
    expect(priceBet(50, 1, 1, 200)).toEqual({ totalMinor: 50, feeMinor: 1, contractMinor: 49 });
  });

  it('rounds payouts down to the paisa, so the house never owes a fraction', () => {
    expect(payoutMinor(147, ratio(3, 2))).toBe(220); // 220.5
    expect(payoutMinor(147, ratio(9, 2))).toBe(661); // 661.5
    expect(payoutMinor(49, ratio(3, 2))).toBe(73); // 73.5
    expect(payoutMinor(147, ratio(9))).toBe(1_323);
  });

  it('never rounds at all with the standard presets and multipliers (every payout is exact)', () => {
    const digits: WingoDigit[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    for (const amount of WINGO_BET_OPTIONS.amountPresetsMinor) {
      for (const multiplier of WINGO_BET_OPTIONS.multipliers) {
        for (const quantity of [1, 2, 3, 7, 99, 1000]) {
          const p = priceBet(amount, quantity, multiplier, WINGO_BET_OPTIONS.feeBasisPoints);
          expect(p.feeMinor * 50).toBe(p.totalMinor);
          for (const s of WINGO_SELECTIONS) {
            for (const d of digits) {
              const r = wingoPayoutRatio(s, d);
              if (r) expect(payoutMinor(p.contractMinor, r) * r.den).toBe(p.contractMinor * r.num);
            }
          }
        }
      }
    }
  });

  it('computes floor(a x n / d) exactly near the safe-integer limit and refuses beyond it', () => {
    const big = 2 ** 52 + 1; // odd: big / 2 is not whole
    expect(mulDivFloor(big, 1, 2)).toBe(2 ** 51);
    expect(mulDivFloor(Number.MAX_SAFE_INTEGER, 1, 3)).toBe(3_002_399_751_580_330);
    expect(mulDivFloor(10_000 * 2 ** 39 - 1, 1, 10_000)).toBe(2 ** 39 - 1);
    expect(() => mulDivFloor(2 ** 52, 3, 2)).toThrow(RangeError);
    expect(() => priceBet(2 ** 40, 2 ** 20, 100, 200)).toThrow(RangeError);
  });
});

describe('checkBet', () => {
  it('accepts a valid bet and prices it', () => {
    const r = checkBet(WINGO, WINGO_BET_OPTIONS, LIMITS, bet({ selection: '7', amountMinor: 1_000, quantity: 2, multiplier: 5 }));
    expect(r).toEqual({
      ok: true,
      bet: { selection: '7', amountMinor: 1_000, quantity: 2, multiplier: 5, totalMinor: 10_000, feeMinor: 200, contractMinor: 9_800 },
    });
  });

  it('accepts every selection, preset and multiplier', () => {
    for (const selection of WINGO_SELECTIONS) expect(checkBet(WINGO, WINGO_BET_OPTIONS, LIMITS, bet({ selection })).ok).toBe(true);
    for (const amountMinor of [100, 1_000, 10_000, 100_000]) expect(checkBet(WINGO, WINGO_BET_OPTIONS, LIMITS, bet({ amountMinor })).ok).toBe(true);
    for (const multiplier of [1, 5, 10]) expect(checkBet(WINGO, WINGO_BET_OPTIONS, LIMITS, bet({ multiplier })).ok).toBe(true);
  });

  const refused = (request: BetRequest, staked = 0) => {
    const r = checkBet(WINGO, WINGO_BET_OPTIONS, LIMITS, request, staked);
    return r.ok ? 'ok' : r.code;
  };

  it('refuses an unknown selection', () => {
    for (const selection of ['blue', 'GREEN', '10', '-1', '', ' 7', 'toString']) expect(refused(bet({ selection }))).toBe('UNKNOWN_SELECTION');
  });

  it('refuses an amount that is not a preset', () => {
    for (const amountMinor of [0, 99, 101, 500, 100.5, -100]) expect(refused(bet({ amountMinor }))).toBe('AMOUNT_NOT_ALLOWED');
  });

  it('refuses a multiplier that is not offered', () => {
    for (const multiplier of [0, 2, 3, 25, 1000, 1.5]) expect(refused(bet({ multiplier }))).toBe('MULTIPLIER_NOT_ALLOWED');
  });

  it('refuses a quantity outside the configured bounds', () => {
    for (const quantity of [0, -1, 51, 2.5, Number.NaN]) expect(refused(bet({ quantity }))).toBe('QUANTITY_OUT_OF_RANGE');
    expect(refused(bet({ quantity: 50 }))).toBe('ok');
  });

  it('refuses totals below the minimum and above the maximum per bet', () => {
    const strict: BetLimits = { ...LIMITS, minBetMinor: 1_000, maxBetMinor: 100_000 };
    expect(checkBet(WINGO, WINGO_BET_OPTIONS, strict, bet({ amountMinor: 100, quantity: 9 })).ok).toBe(false);
    expect(checkBet(WINGO, WINGO_BET_OPTIONS, strict, bet({ amountMinor: 100, quantity: 10 })).ok).toBe(true);
    const low = checkBet(WINGO, WINGO_BET_OPTIONS, strict, bet({ amountMinor: 100, quantity: 9 }));
    expect(!low.ok && low.code).toBe('BET_BELOW_MINIMUM');
    const high = checkBet(WINGO, WINGO_BET_OPTIONS, strict, bet({ amountMinor: 10_000, quantity: 3, multiplier: 5 }));
    expect(!high.ok && high.code).toBe('BET_ABOVE_MAXIMUM');
    expect(checkBet(WINGO, WINGO_BET_OPTIONS, strict, bet({ amountMinor: 10_000, quantity: 10 })).ok).toBe(true);
  });

  it('refuses a bet that would take the player past the round limit', () => {
    expect(refused(bet({ amountMinor: 100_000, quantity: 10 }), 1_000_000)).toBe('ok');
    expect(refused(bet({ amountMinor: 100, quantity: 1 }), 2_000_000)).toBe('ROUND_LIMIT_EXCEEDED');
  });
});
