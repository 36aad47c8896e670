import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fractionDecimal, fractionText, returnToPlayer, type LotteryGame } from './game';
import { FIVED } from './fived';
import { K3, K3_SUM_ODDS } from './k3';
import { TRX_WIN, trxDigit } from './trx';
import { WINGO_GAME } from './wingo-game';

// docs/games.md's tables and worked values, recomputed from the code: if either changes, this fails.
const doc = readFileSync(new URL('../../../docs/games.md', import.meta.url), 'utf8');
const percent = (f: { num: bigint; den: bigint }) => fractionDecimal({ num: f.num * 100n, den: f.den }, 4).replace(/\.?0+$/, '');
const rtpCells = (game: LotteryGame<string, unknown>, selection: string) => {
  const r = returnToPlayer(game, selection);
  return `${fractionText(r.beforeFee)} (${percent(r.beforeFee)} %) | ${fractionText(r.afterFee)} (${percent(r.afterFee)} %) |`;
};

describe('docs/games.md', () => {
  it('states each K3 bet\'s winning outcomes, odds and return as the code computes them', () => {
    const k3 = K3 as LotteryGame<string, unknown>;
    for (let s = 3; s <= 10; s++) {
      const r = returnToPlayer(k3, `sum:${s}`);
      expect(doc).toContain(`| sum:${s}, sum:${21 - s} | ${r.wins} | ${K3_SUM_ODDS[s]} | ${rtpCells(k3, `sum:${s}`)}`);
    }
    const rows: Array<[string, string, string]> = [
      ['big, small, odd, even', 'big', '1.92'],
      ['pair:aa', 'pair:33', '13.83'],
      ['pair:aa-b', 'pair:33-6', '69.12'],
      ['triple:aaa', 'triple:444', '207.36'],
      ['triple:any', 'triple:any', '34.56'],
      ['diff3:abc', 'diff3:246', '34.56'],
      ['diff2:ab', 'diff2:35', '6.91'],
      ['straight', 'straight', '8.64'],
    ];
    for (const [label, selection, odds] of rows) {
      expect(doc).toContain(`| ${label} | ${returnToPlayer(k3, selection).wins} | ${odds} | ${rtpCells(k3, selection)}`);
    }
  });

  it('states each 5D bet\'s return as the code computes it', () => {
    const fived = FIVED as LotteryGame<string, unknown>;
    expect(doc).toContain(`| a position's digit (A:0 .. E:9) | 10,000 | 9 | ${rtpCells(fived, 'D:3')}`);
    expect(doc).toContain(`| a position's big, small, odd, even | 50,000 | 2 | ${rtpCells(fived, 'B:odd')}`);
    expect(doc).toContain(`| sum:big, sum:small, sum:odd, sum:even | 50,000 | 2 | ${rtpCells(fived, 'sum:small')}`);
  });

  it('derives the worked K3, 5D and Win Go outcomes from the example bytes', () => {
    const bytes = createHash('sha256').update('colorplay games example').digest();
    expect(doc).toContain(bytes.toString('hex'));
    for (let i = 0; i < 5; i++) {
      const w = bytes.readUInt32BE(4 * i);
      expect(doc).toContain(`| ${i} | ${bytes.subarray(4 * i, 4 * i + 4).toString('hex')} | ${w} | ${w % 6} (${(w % 6) + 1}) | ${w % 10} |`);
    }
    expect(doc).toContain(`K3's dice are **${K3.outcomeFromBytes(bytes)!.outcome.join('-')}**`);
    expect(doc).toContain(`5D's digits are\n**${FIVED.outcomeFromBytes(bytes)!.outcome.join('-')}**`);
    expect(doc).toContain(`Win Go's digit would be **${WINGO_GAME.outcomeFromBytes(bytes)!.outcome}**`);
    const rejecting = Buffer.from('fffffffc00000000fffffffd0000000b0000002a', 'hex');
    expect(doc).toContain(`its dice are **${K3.outcomeFromBytes(rejecting)!.outcome.join('-')}**`);
  });

  it('reads the worked Trx Win digit', () => {
    const row = /\| ([0-9a-f]{64}) \| [^|]+ \| (\d) \|/.exec(doc);
    expect(row).not.toBeNull();
    const id = Buffer.from(row![1]!, 'hex');
    expect(trxDigit(id).digit).toBe(Number(row![2]));
    expect(TRX_WIN.outcomeFromBytes(id)!.outcome).toBe(Number(row![2]));
  });
});
