import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_PATHS } from '@colorplay/contract';
import { trxDecidingSlotMs, TRON_BLOCK_MS } from '@colorplay/lottery';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, PRODUCTION_CHANNELS_ENV, testConfig, type TestApp } from '../../../test/helpers/build-test-app';
import { openTestDbTwice, usingRealPostgres } from '../../../test/helpers/test-db';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import type { Db } from '../../db/db';
import { fakeClock } from '../../lib/clock';
import { tronBlockIdOf, type TronBlock, type TronBlockJson } from './block-format';
import { decideTrxDraw, findDecidingBlock, TronChainError, type TronBlockReader } from './deciding';
import { createTronFullNodeClient, TronSourceError } from './fullnode-client';
import { sandboxAccount, sandboxBlock, sandboxBlockJson, sandboxWitnessKey, sandboxWitnessList } from './sandbox-blocks';
import { createSandboxTronChain, createTronService } from './service';

/** A sandbox witness key for the chains these tests build by hand (the app's comes from its config). */
const TEST_KEY = sandboxWitnessKey('tron-test-witness-secret-0123456789abcdef');

/**
 * Trx Win's block source (decisions 340-342): the production adapter reading the sandbox chain
 * over real HTTP, the deciding block of a lock time at its edges, what is refused (a forged or
 * unlinked block, a node that fails), the sandbox's production rule, and the chain being one
 * for the whole cluster.
 */

/** 10:00:00 UTC, a 3-s slot: the sandbox chain's first block is this slot's. */
const T0 = Date.UTC(2026, 2, 1, 10, 0, 0);
const N0 = T0 / TRON_BLOCK_MS;

describe('the adapter against the sandbox chain over real HTTP', () => {
  let t: TestApp;
  const clock = fakeClock(new Date(T0 + 500));
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sandbox/tron`;
    // 60 s of chain: blocks N0 .. N0+20, one producer run per slot, then nothing for a while.
    for (let i = 0; i <= 20; i++) {
      expect(await t.app.tron.sandbox!.produce()).toBe(1);
      clock.advance(TRON_BLOCK_MS);
    }
    clock.advance(-TRON_BLOCK_MS);
  });
  afterAll(async () => t.app.close());

  const client = (api: 'wallet' | 'walletsolidity' = 'walletsolidity') => createTronFullNodeClient({ baseUrl: base, api, timeoutMs: 2_000 });

  it("serves a full node's JSON: number || header hash ids, linked by parentHash, one block per 3-s slot", async () => {
    const res = await fetch(`${base}/wallet/getblockbynum`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ num: N0 + 1 }) });
    expect(res.status).toBe(200);
    const json = (await res.json()) as TronBlockJson;
    expect(Object.keys(json.block_header.raw_data).sort()).toEqual(['number', 'parentHash', 'timestamp', 'txTrieRoot', 'version', 'witness_address']);
    expect(json.block_header.raw_data).toMatchObject({ number: N0 + 1, timestamp: T0 + 3_000 });
    expect(json.blockID.slice(0, 16)).toBe((N0 + 1).toString(16).padStart(16, '0'));
    expect(tronBlockIdOf(json.block_header.raw_data)).toBe(json.blockID);

    for (const api of ['wallet', 'walletsolidity'] as const) {
      const c = client(api);
      const head = await c.nowBlock();
      expect(head).toMatchObject({ number: N0 + 20, timestamp: T0 + 60_000 });
      let child = head!;
      for (let n = N0 + 19; n >= N0; n--) {
        const b = (await c.blockByNumber(n))!;
        expect(child.parentHash).toBe(b.blockId);
        expect(child.timestamp - b.timestamp).toBe(TRON_BLOCK_MS);
        child = b;
      }
      expect(child.parentHash).toBe('0'.repeat(64));
    }
  });

  it('finds the deciding block of a lock time: the first after the lock, including on the slot edges', async () => {
    const source = t.app.tron.source;
    // A round's lock is 1 s past a slot: the block of the slot 2 s later decides.
    const lock = T0 + 25_000;
    expect(trxDecidingSlotMs(lock)).toBe(T0 + 27_000);
    const found = (await source.decidingBlock(lock))!;
    expect(found.block).toMatchObject({ number: N0 + 9, timestamp: T0 + 27_000 });
    expect(found.parent).toMatchObject({ number: N0 + 8, timestamp: T0 + 24_000 });
    expect(found.block.parentHash).toBe(found.parent.blockId);
    // The same through a client built by hand on the URL (what production builds on TRON's); the
    // service's blocks also carry the delegated signing key its witness check found.
    const byHand = (await findDecidingBlock(client(), lock))!;
    expect(byHand).toEqual({ block: { ...found.block, witnessSigner: undefined }, parent: { ...found.parent, witnessSigner: undefined } });
    expect(found.block.witnessSigner).toBe(found.block.signer);

    // A lock exactly on a slot: that slot's block is not after the lock, the next one decides.
    expect((await source.decidingBlock(T0 + 24_000))!.block.number).toBe(N0 + 9);
    // The last millisecond before a slot: the block landing exactly on the deciding slot decides.
    expect((await source.decidingBlock(T0 + 26_999))!.block).toMatchObject({ number: N0 + 9, timestamp: T0 + 27_000 });
    expect((await source.decidingBlock(T0 + 27_000))!.block.number).toBe(N0 + 10);
    // One millisecond after genesis.
    expect((await source.decidingBlock(T0))!.block.number).toBe(N0 + 1);
  });

  it('answers null while the deciding block is not produced, and the block once it is', async () => {
    const lock = T0 + 61_000;
    expect(await t.app.tron.source.decidingBlock(lock)).toBeNull();
    expect(await t.app.tron.source.blockByNumber(N0 + 21)).toBeNull();
    expect(await t.app.tron.decideDraw({ locksAtMs: lock, drawsAtMs: lock + 5_000 })).toEqual({ kind: 'wait', reason: 'not_produced' });
    clock.advance(3_000);
    await t.app.tron.sandbox!.produce();
    const verdict = await t.app.tron.decideDraw({ locksAtMs: lock, drawsAtMs: lock + 5_000 });
    expect(verdict).toMatchObject({ kind: 'draw', block: { number: N0 + 21, timestamp: T0 + 63_000 } });
    if (verdict.kind === 'draw') expect(verdict.digit.hashHex).toBe(verdict.block.blockId.slice(16));
  });

  it('refuses a lock before the chain began rather than guess', async () => {
    await expect(t.app.tron.source.decidingBlock(T0 - 1)).rejects.toBeInstanceOf(TronChainError);
  });

  it('answers a bad block number with the API error shape', async () => {
    const res = await fetch(`${base}/walletsolidity/getblockbynum`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ num: -1 }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('what the adapter refuses', () => {
  // A node we control: the sandbox's own blocks, served as they are or tampered with.
  const seed = new Uint8Array(32).fill(7);
  let blocks: Map<number, TronBlockJson>;
  let headNumber: number;
  let failNext = { status: 0, count: 0 };
  let delayMs = 0;
  let errorAnswer = false;
  let requests = 0;
  let server: Server;
  let base: string;

  const resetChain = () => {
    blocks = new Map();
    let parent = '0'.repeat(64);
    for (let n = N0; n <= N0 + 10; n++) {
      const json = sandboxBlockJson(sandboxBlockRowOf(n, parent), TEST_KEY);
      blocks.set(n, json);
      parent = json.blockID;
    }
    headNumber = N0 + 10;
  };
  const sandboxBlockRowOf = (n: number, parent: string) => sandboxBlock(seed, n, parent);

  beforeAll(async () => {
    resetChain();
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests++;
        const answer = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        setTimeout(() => {
          if (failNext.count > 0) {
            failNext.count--;
            return answer(failNext.status, { code: 'OOPS' });
          }
          if (errorAnswer) return answer(200, { Error: 'class java.lang.NullPointerException : null' });
          if (req.url === '/walletsolidity/getnowblock' || req.url === '/wallet/getnowblock') return answer(200, blocks.get(headNumber) ?? {});
          if (req.url?.endsWith('/listwitnesses')) return answer(200, sandboxWitnessList());
          if (req.url?.endsWith('/getaccount')) return answer(200, sandboxAccount((JSON.parse(body) as { address: string }).address, TEST_KEY));
          if (req.url === '/walletsolidity/getblockbynum' || req.url === '/wallet/getblockbynum') return answer(200, blocks.get((JSON.parse(body) as { num: number }).num) ?? {});
          return answer(404, {});
        }, delayMs);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const slept: number[] = [];
  const client = (timeoutMs = 1_000) =>
    createTronFullNodeClient({ baseUrl: base, api: 'walletsolidity', timeoutMs, sleep: async (ms) => void slept.push(ms) });

  it('reads the untouched chain', async () => {
    resetChain();
    expect(await findDecidingBlock(client(), T0 + 7_000)).toMatchObject({ block: { number: N0 + 3 }, parent: { number: N0 + 2 } });
    expect(await client().blockByNumber(N0 + 11)).toBeNull();
  });

  it('reuses the newest block for a second and keeps final blocks, so a waiting round costs the node little', async () => {
    resetChain();
    const clock = fakeClock(new Date(T0 + 40_000));
    const serviceOn = (api: 'wallet' | 'walletsolidity') => createTronService({ db: {} as Db, clock, config: { kind: 'fullnode', urls: [base], api, apiKey: undefined, timeoutMs: 1_000 } });
    let tron = serviceOn('walletsolidity');
    let from = requests;
    expect((await tron.source.decidingBlock(T0 + 7_000))!.block.number).toBe(N0 + 3);
    // The head, the elected set and the witness's signing key (read once, then kept), the estimated block, its parent.
    expect(requests - from).toBe(5);
    from = requests;
    expect((await tron.source.decidingBlock(T0 + 7_000))!.block.number).toBe(N0 + 3);
    expect(requests - from).toBe(0);
    clock.advance(1_000);
    expect(await tron.source.decidingBlock(T0 + 31_000)).toBeNull();
    expect(requests - from).toBe(1); // the head again, and nothing more while it is before the lock
    // The newest blocks (`/wallet/`) may still be replaced: they are read again every time.
    tron = serviceOn('wallet');
    expect((await tron.source.decidingBlock(T0 + 7_000))!.block.number).toBe(N0 + 3);
    from = requests;
    expect((await tron.source.decidingBlock(T0 + 7_000))!.block.number).toBe(N0 + 3);
    expect(requests - from).toBe(2);
  });

  it('refuses a block whose timestamp was moved (its id is no longer its hash)', async () => {
    resetChain();
    const b = blocks.get(N0 + 3)!;
    blocks.set(N0 + 3, { ...b, block_header: { raw_data: { ...b.block_header.raw_data, timestamp: T0 + 6_000 } } });
    const err = await findDecidingBlock(client(), T0 + 7_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TronSourceError);
    expect(err).toMatchObject({ refused: true, message: `TRON node walletsolidity/getblockbynum ${N0 + 3}: block ${N0 + 3}: the id is not the hash of its header` });
  });

  it('refuses a well-formed block that does not link to its parent (a forged branch)', async () => {
    resetChain();
    // A block N0+3 of another chain: its own id checks, its parent is not our N0+2.
    blocks.set(N0 + 3, sandboxBlockJson(sandboxBlockRowOf(N0 + 3, 'ab'.repeat(32)), TEST_KEY));
    await expect(findDecidingBlock(client(), T0 + 7_000)).rejects.toThrow(new TronChainError(`block ${N0 + 3} does not link to block ${N0 + 2}`));
    await expect(findDecidingBlock(client(), T0 + 7_000)).rejects.toBeInstanceOf(TronChainError);
    expect(await decideTrxDraw({ decidingBlock: (l) => findDecidingBlock(client(), l) }, { locksAtMs: T0 + 7_000, drawsAtMs: T0 + 11_000 }, T0 + 20_000)).toMatchObject({
      kind: 'wait',
      reason: 'refused',
    });
  });

  it('refuses another block than the one asked for, and an id whose number is not the height', async () => {
    resetChain();
    blocks.set(N0 + 5, blocks.get(N0 + 4)!);
    await expect(client().blockByNumber(N0 + 5)).rejects.toThrow(`answered block ${N0 + 4}`);
    resetChain();
    const b = blocks.get(N0 + 5)!;
    blocks.set(N0 + 5, { ...b, blockID: `${(N0 + 6).toString(16).padStart(16, '0')}${b.blockID.slice(16)}` });
    await expect(client().blockByNumber(N0 + 5)).rejects.toThrow(`block id carries number ${N0 + 6}`);
  });

  it('retries a 5xx or 429 twice, then fails with a clear error; never retries a refusal', async () => {
    resetChain();
    slept.length = 0;
    let from = requests;
    failNext = { status: 503, count: 2 };
    expect(await client().nowBlock()).toMatchObject({ number: N0 + 10 });
    expect(requests - from).toBe(3);
    expect(slept).toEqual([200, 600]);

    from = requests;
    failNext = { status: 500, count: 5 };
    await expect(client().nowBlock()).rejects.toThrow(new TronSourceError('TRON node walletsolidity/getnowblock: HTTP 500', false));
    expect(requests - from).toBe(3);
    failNext = { status: 0, count: 0 };

    from = requests;
    failNext = { status: 400, count: 1 };
    await expect(client().nowBlock()).rejects.toThrow('HTTP 400');
    expect(requests - from).toBe(1);

    errorAnswer = true;
    await expect(client().nowBlock()).rejects.toThrow('TRON node walletsolidity/getnowblock: the node answered an error');
    errorAnswer = false;
  });

  it('gives up on a node that does not answer in time, and the round waits', async () => {
    delayMs = 300;
    const from = requests;
    await expect(client(100).nowBlock()).rejects.toThrow('TRON node walletsolidity/getnowblock: no answer (TimeoutError)');
    expect(requests - from).toBeGreaterThanOrEqual(1);
    const source = { decidingBlock: (l: number) => findDecidingBlock(client(100), l) };
    expect(await decideTrxDraw(source, { locksAtMs: T0 + 7_000, drawsAtMs: T0 + 11_000 }, T0 + 60_000)).toMatchObject({ kind: 'wait', reason: 'unavailable' });
    delayMs = 0;
  });
});

describe('the deciding block on a chain with missed slots', () => {
  /** A linked chain with these timestamps (a real chain misses a slot when its producer does). */
  function chainOf(timestamps: number[], first = 5_000): TronBlock[] {
    const out: TronBlock[] = [];
    let parent = '0'.repeat(64);
    timestamps.forEach((timestamp, i) => {
      const number = first + i;
      const blockId = tronBlockIdOf({ number, timestamp, parentHash: parent, version: 30 });
      out.push({ number, blockId, parentHash: parent, timestamp });
      parent = blockId;
    });
    return out;
  }
  const readerOf = (chain: TronBlock[], headIndex = chain.length - 1): TronBlockReader & { reads: number } => {
    const reader = {
      reads: 0,
      head: async () => chain[headIndex] ?? null,
      byNumber: async (n: number) => {
        reader.reads++;
        const b = chain.find((x) => x.number === n);
        return b && b.number <= chain[headIndex]!.number ? b : null;
      },
    };
    return reader;
  };

  it('takes the next produced block when the deciding slot was missed, whichever side the walk starts', async () => {
    // Slots 0, 3, 6 s, then 9 and 12 s missed, then 15, 18 ... 60 s.
    const ts = [0, 3, 6, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60].map((s) => T0 + s * 1_000);
    const chain = chainOf(ts);
    // Lock at 7 s: the 9-s slot is missed, the 15-s block (index 3) decides.
    const found = (await findDecidingBlock(readerOf(chain), T0 + 7_000))!;
    expect(found.block.timestamp).toBe(T0 + 15_000);
    expect(found.parent.timestamp).toBe(T0 + 6_000);
    // From a head just past the lock the estimate is ahead of the truth and the walk goes back.
    expect((await findDecidingBlock(readerOf(chain, 3), T0 + 7_000))!.block.number).toBe(chain[3]!.number);
    // Lock at 16 s: the 18-s block, even though the estimate from the head overshoots by the two missed slots.
    expect((await findDecidingBlock(readerOf(chain), T0 + 16_000))!.block.timestamp).toBe(T0 + 18_000);
    // The head itself is the first after the lock.
    expect((await findDecidingBlock(readerOf(chain), T0 + 59_000))!.block.timestamp).toBe(T0 + 60_000);
    expect(await findDecidingBlock(readerOf(chain), T0 + 60_000)).toBeNull();
  });

  it('walks past a block that lands exactly on the lock time (not after it, so not deciding)', async () => {
    // 0, 3, 6, 9 s, then 12 and 15 s missed, then 18 and 21 s; the lock is at 9 s exactly. From the
    // head the estimate falls short (on the 6-s block) and the walk goes forward through the 9-s one.
    const chain = chainOf([0, 3, 6, 9, 18, 21].map((s) => T0 + s * 1_000));
    const found = (await findDecidingBlock(readerOf(chain), T0 + 9_000))!;
    expect(found.block.timestamp).toBe(T0 + 18_000);
    expect(found.parent.timestamp).toBe(T0 + 9_000);
  });

  it('refuses a reader with a gap below its head', async () => {
    const chain = chainOf([0, 3, 6, 9, 12].map((s) => T0 + s * 1_000));
    const holey = { head: async () => chain[4]!, byNumber: async (n: number) => (n === chain[2]!.number ? null : (chain.find((b) => b.number === n) ?? null)) };
    await expect(findDecidingBlock(holey, T0 + 7_000)).rejects.toThrow(/is missing below|has no parent/);
  });
});

describe('the draw rule the engine calls', () => {
  const block: TronBlock = { number: 1000000, blockId: '00000000000f424013e51b18e0782a32fa079ddafdb2f4c343468cf8896dc887', parentHash: 'ab'.repeat(32), timestamp: 0 };
  const round = { locksAtMs: T0, drawsAtMs: T0 + 5_000 };
  const day = 24 * 3600_000;

  it('draws from the block however late, waits for any failure, and refunds only after 24 h without a block', async () => {
    const found = { decidingBlock: async () => ({ block, parent: block }) };
    expect(await decideTrxDraw(found, round, T0 + 2 * day)).toMatchObject({ kind: 'draw', digit: { digit: 7, charIndex: 47 } });
    const none = { decidingBlock: async () => null };
    expect(await decideTrxDraw(none, round, T0 + 5_000 + day - 1)).toEqual({ kind: 'wait', reason: 'not_produced' });
    expect(await decideTrxDraw(none, round, T0 + 5_000 + day)).toEqual({ kind: 'void', reason: 'tron_unavailable' });
    const down = { decidingBlock: async () => Promise.reject(new TronSourceError('TRON node walletsolidity/getnowblock: HTTP 503', false)) };
    expect(await decideTrxDraw(down, round, T0 + 60_000)).toEqual({ kind: 'wait', reason: 'unavailable', detail: 'TRON node walletsolidity/getnowblock: HTTP 503' });
    const forged = { decidingBlock: async () => Promise.reject(new TronSourceError('bad id', true)) };
    expect(await decideTrxDraw(forged, round, T0 + 60_000)).toMatchObject({ kind: 'wait', reason: 'refused' });
  });
});

describe('in production', () => {
  const secrets = { TOKEN_SECRET: 'Xq3v9LkPz2Rw8TnB5yHc1MdJ7sFg4QaE', WEBHOOK_SECRET: 'Yh6Ut1Op9Lm3Nb7Vc5Xz2Qw8Er4Ty0Ui', LOTTERY_CHAIN_SECRET: 'Zk8Jh2Gf6Ds4Aq9Wl3Ep7Rt1Yu5Io0Pm' };

  it('needs two TRON providers on distinct hosts with real money, one problem line each, and still reads TRON_FULLNODE_URL as one', () => {
    const dir = testConfig().pgliteDir;
    const { TRON_FULLNODE_URLS: _two, ...env } = { ...secrets, ...PRODUCTION_CHANNELS_ENV, DATA_DIR: dir };
    const problemsOf = (extra: Record<string, string>) => {
      try {
        loadConfig({ ...env, ...extra });
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    const twoNeeded = /^TRON_FULLNODE_URLS?: production needs at least 2 TRON providers on distinct hosts/;
    expect(problemsOf({})).toEqual([expect.stringMatching(twoNeeded)]);
    expect(problemsOf({ TRON_FULLNODE_URL: 'https://api.trongrid.io' })).toEqual([expect.stringMatching(twoNeeded)]);
    expect(problemsOf({ TRON_FULLNODE_URLS: 'https://a.example/x, https://A.example/y' })).toEqual([
      'TRON_FULLNODE_URLS: the same host is listed twice (each provider must be another one)',
      expect.stringMatching(twoNeeded),
    ]);
    expect(problemsOf({ TRON_FULLNODE_URLS: 'https://a.example,ftp://b.example' })).toEqual(['TRON_FULLNODE_URLS: "ftp://b.example" is not an http:// or https:// URL', expect.stringMatching(twoNeeded)]);
    expect(problemsOf({ TRON_FULLNODE_URLS: 'https://a.example,https://b.example', TRON_FULLNODE_URL: 'https://c.example' })).toEqual(['TRON_FULLNODE_URL: set TRON_FULLNODE_URLS or TRON_FULLNODE_URL, not both']);
    // A declared demo (no real money) may read one; outside production TronGrid alone is the default.
    expect(loadConfig({ ...env, ALLOW_SANDBOX_IN_PRODUCTION: 'demo', TRON_FULLNODE_URL: 'http://10.0.0.5:8091/' }).tron).toMatchObject({ urls: ['http://10.0.0.5:8091'] });
    expect(loadConfig({ ...secrets, DATA_DIR: dir, NODE_ENV: 'development', TRON_SOURCE: 'fullnode' }).tron).toMatchObject({ urls: ['https://api.trongrid.io'] });
  });

  it('reads full nodes (the ones configured) and refuses the sandbox chain unless a demo allows it', () => {
    const dir = testConfig().pgliteDir;
    const env = { ...secrets, ...PRODUCTION_CHANNELS_ENV, DATA_DIR: dir };
    expect(loadConfig(env).tron).toEqual({ kind: 'fullnode', urls: ['http://127.0.0.1:9', 'http://127.0.0.2:9'], api: 'walletsolidity', apiKey: undefined, timeoutMs: 5_000 });
    const urls = 'https://api.trongrid.io, http://10.0.0.5:8091/';
    expect(loadConfig({ ...env, TRON_FULLNODE_URLS: urls, TRON_FULLNODE_API: 'wallet', TRON_TIMEOUT_MS: '2000' }).tron).toMatchObject({ urls: ['https://api.trongrid.io', 'http://10.0.0.5:8091'], api: 'wallet', timeoutMs: 2_000 });
    let err: unknown;
    try {
      loadConfig({ ...env, TRON_SOURCE: 'sandbox' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^TRON_SOURCE=sandbox: the sandbox TRON chain is refused in production/)]);
    expect(loadConfig({ ...env, TRON_SOURCE: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'demo' }).tron.kind).toBe('sandbox');
    expect(loadConfig({ ...secrets, DATA_DIR: dir, NODE_ENV: 'development' }).tron.kind).toBe('sandbox');
  });

  it('has no sandbox TRON routes and no producer job', async () => {
    const t = await buildTestApp({ env: { ...PRODUCTION_CHANNELS_ENV } });
    try {
      for (const path of [SERVER_PATHS.sandbox_tron_getnowblock, SERVER_PATHS.sandbox_tron_getblockbynum, SERVER_PATHS.sandbox_tron_solidity_getnowblock, SERVER_PATHS.sandbox_tron_solidity_getblockbynum]) {
        expect((await t.app.inject({ method: 'POST', url: path, payload: { num: 1 } })).statusCode).toBe(404);
      }
      expect(t.app.tron.sandbox).toBeUndefined();
      expect(t.app.tron.source.kind).toBe('fullnode');
      expect(t.app.jobs.names()).not.toContain('tron.sandbox-blocks');
    } finally {
      await t.app.close();
    }
  });

  it('serves them in a declared demo', async () => {
    const t = await buildTestApp({ env: { ...PRODUCTION_CHANNELS_ENV, TRON_SOURCE: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'demo' } });
    try {
      expect((await t.app.inject({ method: 'POST', url: SERVER_PATHS.sandbox_tron_getnowblock, payload: {} })).statusCode).toBe(200);
      expect(t.app.jobs.names()).toContain('tron.sandbox-blocks');
    } finally {
      await t.app.close();
    }
  });
});

describe(`one sandbox chain for a cluster (two nodes on one ${usingRealPostgres() ? 'PostgreSQL' : 'PGlite'} database)`, () => {
  let dbs: [Db, Db];
  beforeAll(async () => {
    dbs = await openTestDbTwice();
  });
  afterAll(async () => {
    for (const db of dbs ?? []) await db.close();
  });

  it('stores the same blocks whichever node produces them, even racing, and starts one chain', async () => {
    const clock = fakeClock(new Date(T0 + 1_000));
    const [a, b] = dbs.map((db) => createSandboxTronChain(db, clock, TEST_KEY));
    await Promise.all([a!.produce(), b!.produce()]);
    for (let i = 0; i < 10; i++) {
      clock.advance(TRON_BLOCK_MS);
      // Alternate, and sometimes both at once.
      if (i % 3 === 0) await Promise.all([a!.produce(), b!.produce()]);
      else await (i % 2 ? a! : b!).produce();
    }
    const seeds = await dbs[0].query<{ n: string }>('SELECT count(*) AS n FROM tron_sandbox_chain');
    expect(Number(seeds.rows[0]!.n)).toBe(1);
    for (let n = N0; n <= N0 + 10; n++) {
      const [x, y] = await Promise.all([a!.byNumber(n), b!.byNumber(n)]);
      expect(x).not.toBeNull();
      expect(y).toEqual(x);
      if (n > N0) expect(x!.parentHash).toBe((await a!.byNumber(n - 1))!.blockId);
    }
    expect(await a!.byNumber(N0 + 11)).toBeNull();
  });

  it('fills the slots a stopped producer missed, with the bytes they would have had', async () => {
    const clock = fakeClock(new Date(T0 + 31_000));
    const chain = createSandboxTronChain(dbs[1], clock, TEST_KEY);
    // The test above left the chain at N0+10 (30 s); stopped until 60 s, one run makes the ten missing blocks, each on its own slot.
    clock.advance(30_000);
    expect(await chain.produce()).toBe(10);
    const seed = (await dbs[1].query<{ seed: Uint8Array }>('SELECT seed FROM tron_sandbox_chain')).rows[0]!.seed;
    for (let n = N0 + 11; n <= N0 + 20; n++) {
      const stored = (await chain.byNumber(n))!;
      expect(stored.timestamp).toBe(n * TRON_BLOCK_MS);
      expect(stored).toEqual(sandboxBlock(Uint8Array.from(seed), n, (await chain.byNumber(n - 1))!.blockId));
    }
    expect(await chain.produce()).toBe(0);
  });

  it('refuses to change a stored block, even for the database role the app uses', async () => {
    await expect(dbs[0].query(`UPDATE tron_sandbox_blocks SET tx_trie_root = $1 WHERE number = $2`, ['00'.repeat(32), N0])).rejects.toThrow(/append-only/);
    await expect(dbs[0].query(`DELETE FROM tron_sandbox_blocks WHERE number = $1`, [N0 + 10])).rejects.toThrow(/append-only/);
    await expect(dbs[0].query(`UPDATE tron_sandbox_chain SET seed = $1`, [Buffer.alloc(32)])).rejects.toThrow(/append-only/);
  });

});

describe('the producer job', () => {
  let dbs: [Db, Db];
  beforeAll(async () => {
    dbs = await openTestDbTwice();
  });
  afterAll(async () => {
    for (const db of dbs ?? []) await db.close();
  });

  it('runs on one node at a time under the leader lock, the other taking over when it stops', async () => {
    const apps = await Promise.all(
      dbs.map(async (db) => {
        const app = await buildApp({ config: testConfig({ TRON_SANDBOX_PRODUCE_MS: '100' }), db, logger: false });
        await app.ready();
        return app;
      }),
    );
    try {
      await vi.waitFor(() => expect(apps.filter((x) => x.jobs.isLeader('tron.sandbox-blocks'))).toHaveLength(1), { timeout: 5_000 });
      const [leader, other] = apps[0]!.jobs.isLeader('tron.sandbox-blocks') ? [apps[0]!, apps[1]!] : [apps[1]!, apps[0]!];
      // The real clock now: the leader brings the chain up to the current slot.
      await vi.waitFor(async () => expect((await leader.tron.sandbox!.head())!.number).toBe(Math.floor(Date.now() / TRON_BLOCK_MS)), { timeout: 10_000, interval: 50 });
      expect(other.jobs.isLeader('tron.sandbox-blocks')).toBe(false);
      await leader.close();
      await vi.waitFor(() => expect(other.jobs.isLeader('tron.sandbox-blocks')).toBe(true), { timeout: 5_000 });
      const before = (await other.tron.sandbox!.head())!.number;
      await vi.waitFor(async () => expect((await other.tron.sandbox!.head())!.number).toBeGreaterThan(before), { timeout: 10_000, interval: 100 });
    } finally {
      for (const app of apps) await app.close();
    }
  }, 30_000);
});
