import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_PATHS } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { bls12_381 } from '@noble/curves/bls12-381';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { fakeClock } from '../../lib/clock';

/**
 * An independent verifier written from docs/fairness.md alone: node:crypto for SHA-256 and
 * HMAC, a BLS library for the signature, nothing from packages/fair or the server. It must agree
 * with the server on every drawn round of every room, including rounds drawn late after a stall.
 */
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

type Published = {
  period: string;
  status: string;
  finalHash: string;
  roundIndex: number;
  link: string;
  previousLink: string | null;
  digit: number;
  scheme: number;
  game: string;
  locksAtMs: number;
  beacon: { publicKey: string; genesisMs: number; periodMs: number; marginMs: number; round: number; signature: string; randomness: string };
};

function docVerify(f: Published): { ok: boolean; digit: number; why: string[] } {
  const why: string[] = [];
  const link = Buffer.from(f.link, 'hex');
  // The chain: SHA-256 applied k times to L[k] is L[0]; SHA-256(L[k]) = L[k-1] when revealed.
  let x = link;
  for (let i = 0; i < f.roundIndex; i++) x = sha256(x);
  if (x.toString('hex') !== f.finalHash) why.push('chain');
  if (f.previousLink && sha256(link).toString('hex') !== f.previousLink) why.push('link');
  // The beacon round: first round strictly after lock + margin.
  const r = Math.floor((f.locksAtMs + f.beacon.marginMs - f.beacon.genesisMs) / f.beacon.periodMs) + 2;
  if (r !== f.beacon.round) why.push('beacon round');
  if (f.beacon.genesisMs + (r - 1) * f.beacon.periodMs <= f.locksAtMs + f.beacon.marginMs) why.push('beacon time');
  // The signature: over SHA-256(round as 8 bytes big-endian), G1 signature, G2 key, RFC 9380 DST.
  const roundBytes = Buffer.alloc(8);
  roundBytes.writeBigUInt64BE(BigInt(f.beacon.round));
  let signed = false;
  try {
    signed = bls12_381.verifyShortSignature(f.beacon.signature, sha256(roundBytes), f.beacon.publicKey, { DST: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_' });
  } catch {
    // Not a point of the group: not a valid signature.
  }
  if (!signed) why.push('signature');
  const randomness = sha256(Buffer.from(f.beacon.signature, 'hex'));
  if (randomness.toString('hex') !== f.beacon.randomness) why.push('randomness');
  // The digit: HMAC(L[k], "<game>:<period>:" || randomness), first big-endian word below 4294967290, mod 10.
  let mac = createHmac('sha256', link).update(Buffer.concat([Buffer.from(`${f.game}:${f.period}:`, 'utf8'), randomness])).digest();
  for (;;) {
    for (let j = 0; j < 8; j++) {
      const w = mac.readUInt32BE(4 * j);
      if (w < 4_294_967_290) {
        const digit = w % 10;
        if (digit !== f.digit) why.push('digit');
        return { ok: why.length === 0, digit, why };
      }
    }
    mac = createHmac('sha256', link).update(mac).digest();
  }
}

/**
 * docs/fairness.md "What is published when": a locked round's record gives L[k] and, when the slot
 * before had a round, L[k-1]; the link must hash to L[k-1] and, k times, to the final hash.
 */
function docVerifyLink(f: { finalHash: string; roundIndex: number; link: string; previousLink: string | null }): string[] {
  const why: string[] = [];
  if (!/^[0-9a-f]{64}$/.test(f.link)) return ['malformed'];
  const link = Buffer.from(f.link, 'hex');
  if (f.previousLink && sha256(link).toString('hex') !== f.previousLink) why.push('link');
  let x = link;
  for (let i = 0; i < f.roundIndex; i++) x = sha256(x);
  if (x.toString('hex') !== f.finalHash) why.push('chain');
  return why;
}

/** `npm run fair -- verify --json <file>` as a player runs it (a separate process): its exit code and output. */
async function fairCli(record: unknown): Promise<{ code: number; out: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-verifier-'));
  const file = path.join(dir, 'record.json');
  writeFileSync(file, JSON.stringify(record));
  const root = new URL('../../../../../', import.meta.url).pathname;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/fair/src/cli.ts', 'verify', '--json', file], { cwd: root });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    return { code: e.code ?? -1, out: e.stdout ?? '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const START = Date.parse('2026-11-24T12:00:00.000Z');
const clock = fakeClock(new Date(START));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 400, checkpointEvery: 32, chainRenewBeforeRounds: 20 } });
  // The sandbox TRON chain starts with the server (Trx Win's rounds are drawn from it below).
  await t.app.tron.sandbox!.produce();
});
afterAll(async () => {
  await t.app.close();
});

describe('a verifier written from docs/fairness.md alone', () => {
  it('agrees with the server on every drawn round of every room, on time and after a stall through a lock window', async () => {
    // Six minutes on time, one tick every 5 s.
    for (let s = 0; s < 72; s += 1) {
      clock.advance(5_000);
      await t.app.lottery.tick();
    }
    // The server stalls for a minute that covers a lock window of every short room, then resumes.
    const room = WINGO_ROOMS['30s'];
    clock.advance(roundAt(room, clock.now().getTime()).locksAtMs - clock.now().getTime() - 1_000);
    clock.advance(60_000);
    await t.app.lottery.tick();
    for (let s = 0; s < 6; s += 1) {
      clock.advance(5_000);
      await t.app.lottery.tick();
    }
    const { rows } = await t.db.query<{ period: string; status: string; drawn_at: Date; draws_at: Date }>(
      "SELECT period, status, drawn_at, draws_at FROM lottery_rounds WHERE status IN ('drawn', 'settled', 'voided') ORDER BY room_id, ordinal",
    );
    expect(rows.filter((r) => r.status === 'voided')).toEqual([]);
    const late = rows.filter((r) => r.drawn_at.getTime() - r.draws_at.getTime() > 30_000);
    expect(late.length).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(15);
    for (const r of rows) {
      const f: Published = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${r.period}` })).json().data;
      const v = docVerify(f);
      expect(v.why, r.period).toEqual([]);
      expect(v.digit).toBe(f.digit);
      // Tampering with any published input is caught.
      const flip = (h: string) => (Number.parseInt(h[0]!, 16) ^ 1).toString(16) + h.slice(1);
      if (r === rows[0]) {
        expect(docVerify({ ...f, link: flip(f.link) }).ok).toBe(false);
        expect(docVerify({ ...f, beacon: { ...f.beacon, signature: flip(f.beacon.signature) } }).ok).toBe(false);
        expect(docVerify({ ...f, finalHash: flip(f.finalHash) }).ok).toBe(false);
      }
    }
  }, 240_000);
});

describe('a locked round: its link, published at the lock, before any result', () => {
  const doc = readFileSync(new URL('../../../../../docs/fairness.md', import.meta.url), 'utf8');
  const field = (label: string): string => {
    const m = new RegExp(`^\\| ${label.replace(/[[\]()]/g, '\\$&')} \\| ([^|]+) \\|$`, 'm').exec(doc);
    if (!m) throw new Error(`docs/fairness.md has no locked-round row "${label}"`);
    return m[1]!.trim();
  };

  it('checks the worked values of the document, and the CLI agrees with this verifier on them', async () => {
    const record = {
      source: 'chain',
      status: 'locked',
      period: field('period'),
      finalHash: field('final hash L[0]'),
      roundIndex: Number(field('k')),
      link: field('link L[k]'),
      previousLink: field('previous link L[k-1]'),
      beacon: null,
    };
    expect(sha256(Buffer.from(record.link, 'hex')).toString('hex')).toBe(field('SHA-256 of the link'));
    expect(docVerifyLink(record)).toEqual([]);
    const cli = await fairCli(record);
    expect(cli.code, cli.out).toBe(0);
    expect(cli.out).toContain(`LINK VERIFIED: period ${record.period} uses L[2] = ${record.link}`);
    // A link one step off (L[1] claimed as L[2]) fails both.
    const wrong = { ...record, link: record.previousLink };
    expect(docVerifyLink(wrong)).not.toEqual([]);
    expect((await fairCli(wrong)).code).toBe(1);
  });

  it('agrees with the CLI on the link the server publishes at a lock, which the draw then uses', async () => {
    const room = WINGO_ROOMS['30s'];
    const round = roundAt(room, clock.now().getTime() + room.roundMs);
    clock.advance(round.opensAtMs - clock.now().getTime());
    await t.app.lottery.tick();
    const url = `${API_PATHS.wingo_fairness}?period=${round.period}`;
    // Betting open: nothing about the link.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(409);
    clock.advance(round.locksAtMs - clock.now().getTime());
    const locked = (await t.app.inject({ method: 'GET', url })).json().data;
    expect(locked).toMatchObject({ status: 'locked', digit: null, drawnAtMs: null });
    expect(docVerifyLink(locked)).toEqual([]);
    const cli = await fairCli(locked);
    expect(cli.code, cli.out).toBe(0);
    expect(cli.out).toContain(`LINK VERIFIED: period ${round.period}`);
    const flip = (h: string) => (Number.parseInt(h[0]!, 16) ^ 1).toString(16) + h.slice(1);
    expect(docVerifyLink({ ...locked, link: flip(locked.link) })).not.toEqual([]);
    expect((await fairCli({ ...locked, link: flip(locked.link) })).code).toBe(1);
    // The draw uses exactly that link.
    clock.advance(round.drawsAtMs - clock.now().getTime());
    await t.app.lottery.tick();
    const drawn: Published = (await t.app.inject({ method: 'GET', url })).json().data;
    expect(drawn.link).toBe(locked.link);
    expect(docVerify(drawn).why).toEqual([]);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// Trx Win, from docs/fairness.md "Trx Win" alone: the protobuf header encoding, the id rule, the
// deciding-block rule and the digit rule, written here with node:crypto.

type TronHeader = { blockID: string; raw_data: Record<string, number | string> };

function varint(value: number): Buffer {
  const out: number[] = [];
  let v = BigInt(value);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Buffer.from(out);
}

/** The table of rule 2: field, protobuf number, varint or bytes; zero and empty fields left out. */
function docEncode(raw: Record<string, number | string>): Buffer {
  const fields: Array<[string, number, 'varint' | 'bytes']> = [
    ['timestamp', 1, 'varint'],
    ['txTrieRoot', 2, 'bytes'],
    ['parentHash', 3, 'bytes'],
    ['number', 7, 'varint'],
    ['witness_id', 8, 'varint'],
    ['witness_address', 9, 'bytes'],
    ['version', 10, 'varint'],
    ['accountStateRoot', 11, 'bytes'],
  ];
  const parts: Buffer[] = [];
  for (const [name, field, type] of fields) {
    const v = raw[name];
    if (v === undefined || v === 0 || v === '') continue;
    if (type === 'varint') parts.push(varint(field << 3), varint(Number(v)));
    else parts.push(varint((field << 3) | 2), varint(String(v).length / 2), Buffer.from(String(v), 'hex'));
  }
  return Buffer.concat(parts);
}

const docId = (raw: Record<string, number | string>) => {
  const n = Buffer.alloc(8);
  n.writeBigUInt64BE(BigInt(raw.number!));
  return Buffer.concat([n, sha256(docEncode(raw)).subarray(8)]).toString('hex');
};

function docDigit(blockId: string): number {
  const tail = blockId.slice(16);
  for (let i = tail.length - 1; i >= 0; i--) if (/[0-9]/.test(tail[i]!)) return Number(tail[i]);
  return Number.parseInt(tail.at(-1)!, 16) - 10;
}

function docTrxVerify(locksAtMs: number, block: TronHeader, parent: TronHeader): { digit: number; why: string[] } {
  const why: string[] = [];
  if (docId(block.raw_data) !== block.blockID) why.push('block id');
  if (docId(parent.raw_data) !== parent.blockID) why.push('parent id');
  if (Number(block.raw_data.number) !== Number(parent.raw_data.number) + 1 || block.raw_data.parentHash !== parent.blockID) why.push('link');
  if (!(Number(parent.raw_data.timestamp) <= locksAtMs && Number(block.raw_data.timestamp) > locksAtMs)) why.push('deciding block');
  return { digit: docDigit(block.blockID), why };
}

describe("a Trx Win verifier written from docs/fairness.md's \"Trx Win\" alone", () => {
  const doc = readFileSync(new URL('../../../../../docs/fairness.md', import.meta.url), 'utf8');
  const row = (label: string): [string, string] => {
    const m = new RegExp(`^\\| ${label} \\| ([^|]+) \\| ([^|]+) \\|$`, 'm').exec(doc);
    if (!m) throw new Error(`docs/fairness.md has no Trx row "${label}"`);
    return [m[1]!.trim(), m[2]!.trim()];
  };

  it('recomputes the worked values the document states: encoding, hash, ids, the deciding block and the digit', () => {
    const header = (i: 0 | 1): TronHeader => ({
      blockID: row('blockID')[i],
      raw_data: {
        number: Number(row('number')[i]),
        timestamp: Number(row('timestamp')[i]),
        txTrieRoot: row('txTrieRoot')[i],
        parentHash: row('parentHash')[i],
        witness_address: row('witness_address')[i],
        version: Number(row('version')[i]),
      },
    });
    const [parent, block] = [header(0), header(1)];
    for (const [i, h] of [parent, block].entries()) {
      expect(docEncode(h.raw_data).toString('hex')).toBe(row('encoded header')[i]);
      expect(sha256(docEncode(h.raw_data)).toString('hex')).toBe(row('SHA-256 of the encoded header')[i]);
    }
    const lock = Number(/for\s+a round locking at (\d+)/.exec(doc)![1]);
    const v = docTrxVerify(lock, block, parent);
    expect(v.why).toEqual([]);
    expect(v.digit).toBe(Number(row('digit')[1]));
    // The lock one slot later names the next block: this pair no longer decides it.
    expect(docTrxVerify(lock + 3_000, block, parent).why).toEqual(['deciding block']);
  });

  it('agrees with the server on a drawn Trx Win round, and catches a tampered header', async () => {
    const room = { roundMs: 60_000 };
    const nextDraw = () => Math.ceil((clock.now().getTime() + 1) / room.roundMs) * room.roundMs;
    // Two minutes: a round opened and drawn after the chain started.
    for (let i = 0; i < 2; i++) {
      clock.advance(nextDraw() - clock.now().getTime());
      await t.app.tron.sandbox!.produce();
      await t.app.lottery.tick();
    }
    const { rows } = await t.db.query<{ period: string }>("SELECT period FROM lottery_rounds WHERE game = 'trx' AND room_id = '1m' AND status = 'settled'");
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const f = (await t.app.inject({ method: 'GET', url: `${API_PATHS.lottery_fairness.replace(':game', 'trx')}?period=${r.period}` })).json().data;
      const v = docTrxVerify(f.locksAtMs, f.block, f.parent);
      expect(v.why, r.period).toEqual([]);
      expect([v.digit]).toEqual(f.outcome);
      const moved = { ...f.block, raw_data: { ...f.block.raw_data, timestamp: f.block.raw_data.timestamp + 1 } };
      expect(docTrxVerify(f.locksAtMs, moved, f.parent).why).toContain('block id');
    }
  });
});
