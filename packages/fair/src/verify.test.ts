import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from './bytes';
import { runFairCli } from './cli-core';
import { deriveDigitSync, generateChainSync } from './node';
import { verifyRevealedLink, verifyRound, type RoundProof } from './verify';

const chain = generateChainSync(createHash('sha256').update('verify test seed').digest(), 12);
const finalHash = bytesToHex(chain.finalHash);
const link = (k: number) => bytesToHex(chain.links[k - 1]!);
const period = (k: number) => `2026112306000${String(k).padStart(2, '0')}`;
const digit = (k: number) => deriveDigitSync(link(k), period(k)).digit;
const proof = (k: number, extra: Partial<RoundProof> = {}): RoundProof => ({
  finalHash,
  link: link(k),
  period: period(k),
  digit: digit(k),
  previousLink: k > 1 ? link(k - 1) : undefined,
  ...extra,
});
/** One bit of a hex link flipped: what a tampered link looks like. */
const flip = (hex: string) => ((Number.parseInt(hex[0]!, 16) ^ 1).toString(16) + hex.slice(1));

describe('verifyRound', () => {
  it('verifies round 1 against the final hash and later rounds against the previous link', async () => {
    for (const k of [1, 2, 7, 12]) {
      const r = await verifyRound(proof(k, { roundIndex: k }));
      expect(r.failure).toBeNull();
      expect(r.ok).toBe(true);
      expect(r.roundIndex).toBe(k);
      expect(r.derivation!.digit).toBe(digit(k));
      expect(r.checks.map((c) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    }
  });

  it('finds the round index by walking to the final hash when it is not given', async () => {
    const r = await verifyRound(proof(9));
    expect(r.ok).toBe(true);
    expect(r.roundIndex).toBe(9);
  });

  it('reports a tampered link (one bit flipped) as TAMPERED_LINK', async () => {
    const r = await verifyRound(proof(5, { link: flip(link(5)) }));
    expect(r.ok).toBe(false);
    expect(r.failure).toBe('TAMPERED_LINK');
    const r1 = await verifyRound(proof(1, { link: flip(link(1)), roundIndex: 1 }));
    expect(r1.failure).toBe('TAMPERED_LINK');
  });

  it('reports a link that does not lead to the published final hash as BROKEN_CHAIN', async () => {
    // A consistent pair of links from another chain: the link check passes, the walk does not.
    const other = generateChainSync(createHash('sha256').update('another seed').digest(), 5);
    const r = await verifyRound({ finalHash, link: bytesToHex(other.links[3]!), previousLink: bytesToHex(other.links[2]!), period: period(4) }, { maxSteps: 50 });
    expect(r.failure).toBe('BROKEN_CHAIN');
    // The right link with the wrong round index: it reaches the final hash, but not in k steps.
    expect((await verifyRound(proof(6, { roundIndex: 5 }))).failure).toBe('BROKEN_CHAIN');
    expect((await verifyRound(proof(6, { roundIndex: 7 }))).failure).toBe('BROKEN_CHAIN');
    // A tampered link with no previous link to compare against: only the walk can catch it.
    expect((await verifyRound(proof(6, { link: flip(link(6)), previousLink: undefined }), { maxSteps: 50 })).failure).toBe('BROKEN_CHAIN');
  });

  it('reports a claimed digit that the link and period do not give as WRONG_DIGIT', async () => {
    const wrong = (digit(3) + 1) % 10;
    const r = await verifyRound(proof(3, { digit: wrong }));
    expect(r.failure).toBe('WRONG_DIGIT');
    expect(r.derivation!.digit).toBe(digit(3));
    // The same link under another period is another result: a period cannot be swapped either.
    const otherPeriod = await verifyRound(proof(3, { period: period(4), digit: digit(3) }));
    expect(otherPeriod.derivation!.digit).toBe(deriveDigitSync(link(3), period(4)).digit);
  });

  it('reports malformed input without computing anything', async () => {
    for (const bad of [
      { finalHash: 'xyz' },
      { link: link(2).slice(2) },
      { previousLink: 'not hex' },
      { period: '' },
      { digit: 10 },
      { digit: 2.5 },
      { roundIndex: 0 },
    ]) {
      const r = await verifyRound(proof(2, bad));
      expect(r.failure).toBe('MALFORMED_INPUT');
      expect(r.derivation).toBeNull();
    }
  });

  it('can skip the chain walk when the caller relies on the link check', async () => {
    const r = await verifyRound(proof(4), { walkChain: false });
    expect(r.ok).toBe(true);
    expect(r.checks.find((c) => c.name === 'chain')!.status).toBe('skipped');
  });
});

describe('fair CLI', () => {
  const run = async (args: string[]) => {
    const lines: string[] = [];
    const code = await runFairCli(args, (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  };

  it('verifies a round and prints the derivation steps (exit 0)', async () => {
    const { code, out } = await run(['verify', '--final', finalHash, '--link', link(2), '--period', period(2), '--digit', String(digit(2)), '--previous', link(1)]);
    expect(code).toBe(0);
    expect(out).toContain(`VERIFIED: period ${period(2)} drew ${digit(2)}`);
    expect(out).toContain('mac[0]    = HMAC-SHA256(key, message) = ');
    expect(out).toContain(`digit     = `);
  });

  it('fails with the reason on a tampered link or a wrong digit (exit 1)', async () => {
    const tampered = await run(['verify', '--final', finalHash, '--link', flip(link(2)), '--period', period(2), '--previous', link(1)]);
    expect(tampered.code).toBe(1);
    expect(tampered.out).toContain('NOT VERIFIED: TAMPERED_LINK');
    const wrong = await run(['verify', '--final', finalHash, '--link', link(2), '--period', period(2), '--digit', String((digit(2) + 5) % 10)]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('NOT VERIFIED: WRONG_DIGIT');
  });

  it('answers usage errors with exit 2', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['verify', '--link', link(1)])).code).toBe(2);
    expect((await run(['verify', '--bogus'])).code).toBe(2);
    expect((await run(['chain', '--seed', '00', '--length', '3'])).code).toBe(2);
  });
});

describe('docs/fairness.md worked example', () => {
  // The document's numbers, recomputed here: if the code or the document changes, this fails.
  const doc = readFileSync(new URL('../../../docs/fairness.md', import.meta.url), 'utf8');
  const seed = createHash('sha256').update('colorplay fairness example seed').digest();
  const example = generateChainSync(seed, 3);

  it('shows the seed, the final hash and every link', () => {
    expect(doc).toContain(bytesToHex(seed));
    expect(doc).toContain(bytesToHex(example.finalHash));
    for (const l of example.links) expect(doc).toContain(bytesToHex(l));
  });

  it('shows each round\'s MAC, word and digit', () => {
    example.links.forEach((l, i) => {
      const d = deriveDigitSync(l, `20261123060000${i + 1}`);
      expect(doc).toContain(d.macsHex[0]!);
      expect(doc).toContain(`| 20261123060000${i + 1} | ${d.word} | ${d.digit} |`);
    });
  });
});

describe('verifyRevealedLink (a locked round, decision 380)', () => {
  it('accepts the committed link before any result exists, and refuses a wrong or misplaced one', async () => {
    const ok = await verifyRevealedLink({ finalHash, link: link(5), previousLink: link(4), roundIndex: 5 });
    expect(ok).toMatchObject({ ok: true, failure: null, roundIndex: 5 });
    expect(ok.checks.map((c) => `${c.name}:${c.status}`)).toEqual(['input:passed', 'link:passed', 'chain:passed']);
    expect((await verifyRevealedLink({ finalHash, link: flip(link(5)), previousLink: link(4), roundIndex: 5 })).failure).toBe('TAMPERED_LINK');
    expect((await verifyRevealedLink({ finalHash, link: link(5), roundIndex: 6 })).failure).toBe('BROKEN_CHAIN');
    expect((await verifyRevealedLink({ finalHash, link: 'zz', roundIndex: 5 })).failure).toBe('MALFORMED_INPUT');
  });

  it('is what `fair verify --json` runs on a locked record: LINK VERIFIED, or exit 1 for a wrong link', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'fair-locked-'));
    const run = async (record: object) => {
      const file = path.join(dir, `${Math.random()}.json`);
      writeFileSync(file, JSON.stringify({ data: record }));
      const lines: string[] = [];
      return { code: await runFairCli(['verify', '--json', file], (l) => lines.push(l)), out: lines.join('\n') };
    };
    try {
      const record = { status: 'locked', period: period(3), finalHash, roundIndex: 3, link: link(3), previousLink: link(2), digit: null, beacon: { round: 77, signature: null } };
      const good = await run(record);
      expect(good.code, good.out).toBe(0);
      expect(good.out).toContain(`LINK VERIFIED: period ${period(3)} uses L[3] = ${link(3)}; its result waits for beacon round 77`);
      expect((await run({ ...record, link: link(4) })).code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
