import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381';
import { describe, expect, it } from 'vitest';
import { beaconRandomness, beaconRoundAfter, beaconRoundTimeMs, checkBeaconValue, QUICKNET, verifyBeaconSignature } from './beacon';
import { bytesToHex } from './bytes';
import { runFairCli } from './cli-core';
import { drawMessage } from './derive';
import { deriveDrawDigitSync, generateChainSync, sha256Sync } from './node';
import { verifyRound, type RoundProof } from './verify';

// drand quicknet's real round 1000 (https://api.drand.sh/<quicknet>/public/1000).
const R1000 = {
  round: 1000,
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};
const flip = (hex: string) => (Number.parseInt(hex[0]!, 16) ^ 1).toString(16) + hex.slice(1);

describe('drand quicknet beacon', () => {
  it('verifies the real round 1000 under the network key and derives its randomness', async () => {
    expect(await verifyBeaconSignature(QUICKNET.publicKey, 1000, R1000.signature)).toBe(true);
    expect(bytesToHex(await beaconRandomness(R1000.signature))).toBe(R1000.randomness);
    expect((await checkBeaconValue(QUICKNET.publicKey, R1000)).ok).toBe(true);
  });

  it('refuses the signature for another round, a tampered signature, another key and a wrong randomness', async () => {
    expect(await verifyBeaconSignature(QUICKNET.publicKey, 1001, R1000.signature)).toBe(false);
    expect(await verifyBeaconSignature(QUICKNET.publicKey, 1000, flip(R1000.signature))).toBe(false);
    const otherKey = bytesToHex(bls12_381.getPublicKeyForShortSignatures('11'.repeat(32)));
    expect(await verifyBeaconSignature(otherKey, 1000, R1000.signature)).toBe(false);
    expect((await checkBeaconValue(QUICKNET.publicKey, { ...R1000, randomness: flip(R1000.randomness) })).ok).toBe(false);
  });

  it('fixes the beacon round of a period as the first round strictly after lock time + margin', () => {
    const lock = Date.parse('2026-11-23T00:30:25.000Z');
    const r = beaconRoundAfter(QUICKNET, lock, 1000);
    expect(beaconRoundTimeMs(QUICKNET, r)).toBeGreaterThan(lock + 1000);
    expect(beaconRoundTimeMs(QUICKNET, r - 1)).toBeLessThanOrEqual(lock + 1000);
    // Exactly on a round's time: that round is not strictly after, the next one is.
    const on = beaconRoundTimeMs(QUICKNET, 500);
    expect(beaconRoundAfter(QUICKNET, on, 0)).toBe(501);
    expect(beaconRoundAfter(QUICKNET, on - 1, 0)).toBe(500);
  });
});

describe('docs/fairness.md scheme-2 worked values', () => {
  // The document's numbers, recomputed: if the code or the document changes, this fails.
  const doc = readFileSync(new URL('../../../docs/fairness.md', import.meta.url), 'utf8');
  const seed = createHash('sha256').update('colorplay fairness example seed').digest();
  const chain = generateChainSync(seed, 3);

  it('shows quicknet, round 1000, its signed message and randomness', () => {
    expect(doc).toContain(QUICKNET.publicKey);
    expect(doc).toContain(String(QUICKNET.genesisMs));
    expect(doc).toContain(R1000.signature);
    expect(doc).toContain(R1000.randomness);
    expect(doc).toContain(bytesToHex(sha256Sync(Buffer.from('00000000000003e8', 'hex'))));
    expect(doc).toContain('BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_');
  });

  it('shows the beacon round of the worked lock time', () => {
    const lock = 1_795_393_825_000;
    const r = beaconRoundAfter(QUICKNET, lock, 1000);
    expect(doc).toContain(`**${r}**`);
    expect(doc).toContain(`produced at ${beaconRoundTimeMs(QUICKNET, r)}`);
  });

  it('shows each round’s message, MAC, word and digit', () => {
    chain.links.forEach((l, i) => {
      const period = `20261123060000${i + 1}`;
      const d = deriveDrawDigitSync(l, 'wingo', period, R1000.randomness);
      const msg = bytesToHex(drawMessage('wingo', period, Buffer.from(R1000.randomness, 'hex')));
      expect(doc).toContain(`| ${i + 1} | ${period} | ${msg} | ${d.macsHex[0]} | ${d.word} | ${d.digit} |`);
    });
  });
});

describe('tampering fails in the CLI', () => {
  const seed = createHash('sha256').update('beacon cli seed').digest();
  const chain = generateChainSync(seed, 4);
  const link = bytesToHex(chain.links[1]!);
  const period = '202611230300002';
  const digit = deriveDrawDigitSync(link, 'wingo', period, R1000.randomness).digit;
  // A period whose lock time makes round 1000 its beacon round: 1000 is first after lock + margin.
  const locksAtMs = beaconRoundTimeMs(QUICKNET, 999);
  const args = (o: Record<string, string> = {}) => {
    const v: Record<string, string> = {
      final: bytesToHex(chain.finalHash), link, period, digit: String(digit), previous: bytesToHex(chain.links[0]!), round: '2',
      game: 'wingo', 'beacon-key': QUICKNET.publicKey, 'beacon-round': '1000', 'beacon-signature': R1000.signature,
      'lock-ms': String(locksAtMs), 'beacon-genesis-ms': String(QUICKNET.genesisMs), 'beacon-period-ms': '3000', 'beacon-margin-ms': '0', ...o,
    };
    return ['verify', ...Object.entries(v).flatMap(([k, x]) => [`--${k}`, x])];
  };
  const run = async (argv: string[]) => {
    const out: string[] = [];
    return { code: await runFairCli(argv, (l) => out.push(l)), out: out.join('\n') };
  };

  it('verifies the honest round, offline, signature included', async () => {
    const r = await run(args());
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('[passed] beacon: BLS signature of round 1000 verified');
  });

  it('fails a tampered beacon signature, a beacon round that is not the period’s, a tampered link, a changed commitment', async () => {
    expect((await run(args({ 'beacon-signature': flip(R1000.signature) }))).out).toContain('NOT VERIFIED: BAD_BEACON');
    expect((await run(args({ 'beacon-round': '1001' }))).out).toContain('NOT VERIFIED: BAD_BEACON');
    expect((await run(args({ 'lock-ms': String(locksAtMs + 3000) }))).out).toContain('NOT VERIFIED: BAD_BEACON');
    expect((await run(args({ link: flip(link) }))).out).toContain('NOT VERIFIED: TAMPERED_LINK');
    expect((await run(args({ final: flip(bytesToHex(chain.finalHash)) }))).out).toContain('NOT VERIFIED: BROKEN_CHAIN');
    expect((await run(args({ round: '3' }))).out).toContain('NOT VERIFIED: BROKEN_CHAIN');
    expect((await run(args({ digit: String((digit + 1) % 10) }))).out).toContain('NOT VERIFIED: WRONG_DIGIT');
    // The same link with the game tag of another game: another digit space (not this round's).
    const proof: RoundProof = { finalHash: bytesToHex(chain.finalHash), link, period, scheme: 2, game: 'k3', beacon: { publicKey: QUICKNET.publicKey, ...R1000 } };
    expect((await verifyRound(proof)).derivation!.macsHex[0]).not.toBe(deriveDrawDigitSync(link, 'wingo', period, R1000.randomness).macsHex[0]);
  });
});
