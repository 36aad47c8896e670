import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QUICKNET } from './beacon';
import { bytesToHex } from './bytes';
import { runFairCli } from './cli-core';
import { generateChainSync } from './node';
import { deriveDrawValues, GAME_DRAWS, valuesBound, valuesFromMacs } from './values';
import { verifyGameRound, type GameRoundProof } from './verify-game';

// K3 and 5D outcomes from the fair stream (docs/fairness.md "Reading K3 and 5D").

const doc = readFileSync(new URL('../../../docs/fairness.md', import.meta.url), 'utf8');
// The worked example's chain (seed = SHA-256 of the text) and drand quicknet's round 1000.
const chain = generateChainSync(createHash('sha256').update('colorplay fairness example seed').digest(), 3);
const L1 = bytesToHex(chain.links[0]!);
const beacon = { publicKey: QUICKNET.publicKey, round: 1000, signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39' };
const RANDOMNESS = 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd';
const PERIOD = '202611230600001';

const word = (w: number) => [(w >>> 24) & 255, (w >>> 16) & 255, (w >>> 8) & 255, w & 255];
const mac = (...words: number[]) => new Uint8Array(words.flatMap(word));

describe('reading several values from the stream', () => {
  it('states the bounds of the document: 2^32 minus 2^32 mod n', () => {
    expect(valuesBound(6)).toBe(4_294_967_292);
    expect(valuesBound(10)).toBe(4_294_967_290);
    expect(doc).toContain('K3: n = 6,  bound = 4,294,967,292');
    expect(doc).toContain('5D: n = 10, bound = 4,294,967,290');
  });

  it('skips words at or above the bound, and goes on into mac[1] when mac[0] runs out', () => {
    const k3 = GAME_DRAWS.k3!;
    // Word 0 at the bound is skipped, word 1 just below it is accepted (4,294,967,291 mod 6 = 5 -> 6).
    expect(valuesFromMacs([mac(4_294_967_292, 4_294_967_291, 0, 7, 0, 0, 0, 0)], k3)!.values).toEqual([6, 1, 2]);
    // Six skipped words leave two values in mac[0]: null, then the third value from mac[1].
    const first = mac(...Array(6).fill(0xffff_ffff), 6, 13);
    expect(valuesFromMacs([first], k3)).toBeNull();
    const read = valuesFromMacs([first, mac(2, 0, 0, 0, 0, 0, 0, 0)], k3)!;
    expect(read.values).toEqual([1, 2, 3]);
    expect(read.words.filter((w) => w.value === null)).toHaveLength(6);
  });

  it('gives the worked values of docs/fairness.md', async () => {
    for (const game of ['k3', '5d'] as const) {
      const d = await deriveDrawValues(L1, game, PERIOD, RANDOMNESS, GAME_DRAWS[game]!);
      const row = `| ${game} | ${bytesToHex(new TextEncoder().encode(`${game}:${PERIOD}:`))}${RANDOMNESS} | ${d.macsHex[0]} | ${d.words.map((w) => w.word).join(', ')} | ${d.values.join(' ')} |`;
      expect(doc).toContain(row);
    }
  });
});

describe('verifying a K3 or 5D round', () => {
  const proof = async (game: 'k3' | '5d', extra: Partial<GameRoundProof> = {}): Promise<GameRoundProof> => ({
    finalHash: bytesToHex(chain.finalHash),
    link: L1,
    period: PERIOD,
    game,
    outcome: (await deriveDrawValues(L1, game, PERIOD, RANDOMNESS, GAME_DRAWS[game]!)).values,
    roundIndex: 1,
    beacon,
    ...extra,
  });

  it('verifies a round and refuses a tampered outcome, link, game or draw', async () => {
    for (const game of ['k3', '5d'] as const) {
      const good = await verifyGameRound(await proof(game));
      expect(good.ok, JSON.stringify(good.checks)).toBe(true);
      expect(good.checks.map((c) => `${c.name}:${c.status}`)).toEqual(['input:passed', 'link:passed', 'chain:passed', 'beacon:passed', 'outcome:passed']);
      const p = await proof(game);
      const changed = p.outcome!.map((v, i) => (i === 0 ? (game === 'k3' ? (v % 6) + 1 : (v + 1) % 10) : v));
      expect((await verifyGameRound({ ...p, outcome: changed })).failure).toBe('WRONG_OUTCOME');
      expect((await verifyGameRound({ ...p, link: bytesToHex(chain.links[1]!) })).failure).toBe('TAMPERED_LINK');
      expect((await verifyGameRound({ ...p, game: game === 'k3' ? '5d' : 'k3' })).ok).toBe(false);
      expect((await verifyGameRound({ ...p, game: 'dice' })).failure).toBe('MALFORMED_INPUT');
      expect((await verifyGameRound({ ...p, draw: { count: 3, min: 1, max: 5 } })).failure).toBe('MALFORMED_INPUT');
      expect((await verifyGameRound({ ...p, outcome: [7, 7, 7] })).failure).toBe('MALFORMED_INPUT');
    }
  });

  it('runs from the CLI with --outcome, and fails a tampered one', async () => {
    const p = await proof('k3');
    const args = (outcome: string) => [
      'verify', '--game', 'k3', '--outcome', outcome, '--final', p.finalHash, '--link', p.link, '--period', p.period, '--round', '1',
      '--beacon-key', beacon.publicKey, '--beacon-round', '1000', '--beacon-signature', beacon.signature,
    ];
    const lines: string[] = [];
    expect(await runFairCli(args(p.outcome!.join(',')), (l) => lines.push(l)), lines.join('\n')).toBe(0);
    expect(lines.at(-1)).toBe(`VERIFIED: k3 period ${PERIOD} drew ${p.outcome!.join(' ')}`);
    const bad: string[] = [];
    expect(await runFairCli(args('1,1,1'), (l) => bad.push(l))).toBe(1);
    expect(bad.at(-1)).toBe('NOT VERIFIED: WRONG_OUTCOME');
  });
});
