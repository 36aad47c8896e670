import { createHash } from 'node:crypto';
import { deriveFromFirstMacSync } from '@colorplay/fair';
import { deriveDigitSync, hmacSha256Sync } from '@colorplay/fair/node';
import { describe, expect, it } from 'vitest';
import { checkBet, settleBet } from './betting';
import { decimalRatio, drawUniform, MINUTE_ROOMS, rejectionBound, uniformValue, type LotteryGame } from './game';
import { FIVED } from './fived';
import { K3 } from './k3';
import { roundAt } from './rounds';
import { TRX_WIN } from './trx';
import { WINGO, WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS } from './wingo';
import { WINGO_GAME } from './wingo-game';

const GAMES = [WINGO_GAME, K3, FIVED, TRX_WIN] as unknown as Array<LotteryGame<string, unknown>>;
const words = (...ws: number[]) => {
  const b = new Uint8Array(4 * ws.length);
  const v = new DataView(b.buffer);
  ws.forEach((w, i) => v.setUint32(4 * i, w, false));
  return b;
};

describe('uniform draws by rejection', () => {
  it('accepts exactly as many words for every value (exhaustive over 8- and 16-bit words)', () => {
    for (const space of [2 ** 8, 2 ** 16]) {
      for (let n = 1; n <= 20; n++) {
        const counts = Array(n).fill(0);
        let rejected = 0;
        for (let w = 0; w < space; w++) {
          const v = uniformValue(w, n, space);
          if (v === null) rejected++;
          else counts[v]++;
        }
        expect(new Set(counts).size, `n=${n} space=${space}`).toBe(1);
        expect(rejected).toBe(space % n);
      }
    }
  });

  it('has the stated bounds on 32-bit words: every value gets bound / n words, fewer than n rejected', () => {
    expect(rejectionBound(6)).toBe(4_294_967_292);
    expect(rejectionBound(10)).toBe(4_294_967_290);
    for (const n of [6, 10]) {
      const bound = rejectionBound(n);
      expect(bound % n).toBe(0);
      expect(2 ** 32 - bound).toBeLessThan(n);
      // Words below the bound are bound / n whole blocks of n consecutive words, each block
      // giving every value once: the counts are equal by construction.
      expect(bound / n).toBe(n === 6 ? 715_827_882 : 429_496_729);
    }
    expect(uniformValue(4_294_967_291, 6)).toBe(4_294_967_291 % 6);
    expect(uniformValue(4_294_967_292, 6)).toBeNull();
    expect(uniformValue(4_294_967_289, 10)).toBe(9);
    expect(uniformValue(4_294_967_290, 10)).toBeNull();
  });

  it('reads big-endian words in order, skips rejected ones and says when the bytes ran out', () => {
    expect(drawUniform(words(0xfffffffc, 0, 0xfffffffd, 11, 42), 3, 1, 6)).toEqual({ values: [1, 6, 1], words: [0xfffffffc, 0, 0xfffffffd, 11, 42] });
    // docs/fairness.md: words ffffffff fffffffa fffffffc 0012d687 -> digit 7
    expect(drawUniform(words(0xffffffff, 0xfffffffa, 0xfffffffc, 0x0012d687), 1, 0, 9)?.values).toEqual([7]);
    expect(drawUniform(words(1, 2), 3, 1, 6)).toBeNull();
    expect(drawUniform(new Uint8Array([0, 0, 0, 7, 0, 0, 0]), 2, 0, 9)).toBeNull(); // a partial word is never read
    expect(K3.outcomeFromBytes(words(0xfffffffc, 0xfffffffd, 0xfffffffe, 0xffffffff))).toBeNull();
    expect(FIVED.outcomeFromBytes(words(0, 1, 2, 3))).toBeNull();
  });
});

describe('Wingo fits the interface unchanged', () => {
  it('is Wingo\'s own rule table, options and rooms', () => {
    expect(WINGO_GAME.selections).toBe(WINGO.selections);
    expect(WINGO_GAME.payoutRatio).toBe(WINGO.payoutRatio);
    expect(WINGO_GAME.betOptions).toBe(WINGO_BET_OPTIONS);
    expect(Object.keys(WINGO_GAME.rooms)).toEqual(['30s', '1m', '3m', '5m']);
  });

  it('draws the digit packages/fair derives, for 2,000 links and for the fallback MAC', () => {
    for (let i = 0; i < 2_000; i++) {
      const link = createHash('sha256').update(`link ${i}`).digest();
      const period = `20261124060${String(i).padStart(4, '0')}`;
      const mac = hmacSha256Sync(link, new TextEncoder().encode(period));
      expect(WINGO_GAME.outcomeFromBytes(mac)?.outcome).toBe(deriveDigitSync(link, period).digit);
    }
    const link = new Uint8Array(32).fill(0xaa);
    const allRejected = words(...Array(8).fill(0xfffffffe));
    const fair = deriveFromFirstMacSync(link, allRejected, hmacSha256Sync);
    expect(fair.macIndex).toBe(1);
    expect(WINGO_GAME.outcomeFromBytes(allRejected)).toBeNull();
    const stream = new Uint8Array([...allRejected, ...hmacSha256Sync(link, allRejected)]);
    expect(WINGO_GAME.outcomeFromBytes(stream)?.outcome).toBe(fair.digit);
  });
});

describe('every game', () => {
  it('has distinct selections that all validate, and refuses anything else', () => {
    for (const g of GAMES) {
      expect(new Set(g.selections).size, g.game).toBe(g.selections.length);
      for (const s of g.selections) expect(g.isSelection(s), `${g.game} ${s}`).toBe(true);
      for (const bad of ['', 'x', 'sum:', 'A:10', 'pair:12', 'triple:', 'Big', ' green']) expect(g.isSelection(bad), `${g.game} "${bad}"`).toBe(false);
    }
  });

  it('encodes every outcome to small integers and back, and draws only valid outcomes', () => {
    for (const g of GAMES) {
      // Compared as text: toEqual on 100,000 5D outcomes is needlessly slow on a shared machine.
      for (const o of g.outcomes()) {
        const back = g.decode(g.encode(o));
        if (JSON.stringify(back) !== JSON.stringify(o)) expect.fail(`${g.game}: ${JSON.stringify(o)} came back as ${JSON.stringify(back)}`);
      }
      for (let i = 0; i < 200; i++) {
        const bytes = createHash('sha256').update(`${g.game} ${i}`).digest();
        const read = g.outcomeFromBytes(bytes);
        expect(read).not.toBeNull();
        expect(g.decode(g.encode(read!.outcome))).toEqual(read!.outcome);
      }
    }
  }, 60_000);

  it('takes the 2 % fee and Wingo\'s presets, and pays floor(contract x multiple)', () => {
    for (const g of GAMES) {
      expect(g.betOptions).toEqual(WINGO_BET_OPTIONS);
      const selection = g.selections[0]!;
      const check = checkBet(g, g.betOptions, WINGO_DEFAULT_LIMITS, { selection, amountMinor: 10_000, quantity: 3, multiplier: 5 });
      expect(check.ok).toBe(true);
      if (!check.ok) continue;
      expect(check.bet).toMatchObject({ totalMinor: 150_000, feeMinor: 3_000, contractMinor: 147_000 });
      const win = g.outcomes().find((o) => g.payoutRatio(selection, o))!;
      const r = g.payoutRatio(selection, win)!;
      expect(settleBet(g, check.bet, win).payoutMinor).toBe(Math.floor((147_000 * r.num) / r.den));
    }
  });

  it('K3, 5D and Trx Win have rooms of 1, 3, 5 and 10 minutes locking 5 s before the draw, numbered as Wingo\'s', () => {
    for (const g of [K3, FIVED, TRX_WIN]) {
      expect(g.rooms).toBe(MINUTE_ROOMS);
    }
    expect(Object.values(MINUTE_ROOMS).map((r) => [r.id, r.code, r.roundMs, r.lockMs, r.roundsPerDay])).toEqual([
      ['1m', '060', 60_000, 5_000, 1_440],
      ['3m', '180', 180_000, 5_000, 480],
      ['5m', '300', 300_000, 5_000, 288],
      ['10m', '600', 600_000, 5_000, 144],
    ]);
    // 2026-11-24 00:00 IST is 2026-11-23 18:30 UTC: the 10-minute room's first round of the day.
    expect(roundAt(MINUTE_ROOMS['10m'], Date.UTC(2026, 10, 23, 18, 30)).period).toBe('202611246000001');
    expect(roundAt(MINUTE_ROOMS['10m'], Date.UTC(2026, 10, 24, 18, 29, 59)).period).toBe('202611246000144');
  });

  it('turns published decimal odds into exact ratios', () => {
    expect(decimalRatio('207.36')).toEqual({ num: 5184, den: 25 });
    expect(decimalRatio('8.3')).toEqual({ num: 83, den: 10 });
    expect(decimalRatio('2')).toEqual({ num: 2, den: 1 });
    expect(() => decimalRatio('1,5')).toThrow();
  });
});
