import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TronConfig } from '../../config';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import type { TronBlock } from './block-format';
import { decideTrxDraw, findDecidingBlock, TRX_GIVE_UP_MS, type DecidingBlock, type TronBlockReader, type TrxDrawVerdict } from './deciding';
import { createTronFullNodeClient, type TronFullNodeClient } from './fullnode-client';
import { agreeingProviders, TronDisagreementError } from './providers';
import { blockAt, insertBlocks, lastBlock, readChain, startChain } from './repo';
import { nextSandboxBlocks, sandboxWitnessKey, slotNumberAt, type SandboxBlockRow } from './sandbox-blocks';
import { witnessCheckedReader } from './witnesses';

/**
 * Trx Win's block source (decision 340): what the round engine calls. In both modes it reads
 * blocks through the same full-node HTTP client; only the node differs (TRON's, or this
 * server's own sandbox routes).
 */
export type TronBlockSource = {
  /** `fullnode` or `sandbox`, for the fairness record. */
  readonly kind: TronConfig['kind'];
  /**
   * The block that decides a round locking at `locksAtMs`, with its parent (both checked and
   * linked), or null while it is not produced (or not final) yet. Throws TronSourceError when
   * the node cannot be read or answers a block that does not check, TronChainError when its
   * blocks do not link: the round waits either way (decideDraw says how long).
   */
  decidingBlock(locksAtMs: number): Promise<DecidingBlock | null>;
  /** Block n, checked, or null when the node has none at that height yet. */
  blockByNumber(n: number): Promise<TronBlock | null>;
  /** The newest block the node serves. */
  head(): Promise<TronBlock | null>;
};

/** The sandbox chain's producer and its stored blocks (present only with TRON_SOURCE=sandbox). */
export type SandboxTronChain = {
  /** The key the chain's witness delegated block signing to (blocks are signed as they are served). */
  readonly witnessKey: Uint8Array;
  /** Adds the blocks of every slot up to now (at most MAX_BLOCKS_PER_RUN); the job under the leader lock calls it. */
  produce(): Promise<number>;
  head(): Promise<SandboxBlockRow | null>;
  byNumber(n: number): Promise<SandboxBlockRow | null>;
};

/**
 * A producer that was stopped catches up at most this many slots per run (8 h 20 min of chain),
 * so one run stays short; a day's outage is made good in three runs. Missed slots are filled, not
 * skipped: a block's bytes never depend on when the producer ran.
 */
export const MAX_BLOCKS_PER_RUN = 10_000;

export type TronService = {
  source: TronBlockSource;
  sandbox: SandboxTronChain | undefined;
  /** The engine's rule for a Trx Win round whose draw time has come (decision 342). */
  decideDraw(round: { locksAtMs: number; drawsAtMs: number }): Promise<TrxDrawVerdict>;
};

/** An operator alert the service raises (app.ts hands it to the admin module's alerts list). */
export type TronAlert = { kind: 'tron_providers_disagree'; target: string; details: Record<string, unknown> };

export type TronServiceDeps = {
  db: Db;
  clock: Clock;
  config: TronConfig;
  /** The app, in sandbox mode: the client reads the sandbox routes at its own address. */
  self?: FastifyInstance;
  /** Overrides for tests: the providers (each a node's address and transport), or one. */
  clients?: TronFullNodeClient[];
  client?: TronFullNodeClient;
  giveUpMs?: number;
  /** Raises an operator alert; a failure to raise one is logged by the caller, never fatal to a draw. */
  alert?: (alert: TronAlert) => Promise<void>;
};

/** The sandbox witness key of tests and tools that build a chain without a config (never the running server's). */
export function createSandboxTronChain(db: Db, clock: Clock, witnessKey: Uint8Array): SandboxTronChain {
  return {
    witnessKey,
    async produce() {
      const upTo = slotNumberAt(clock.now().getTime());
      const chain = (await readChain(db)) ?? (await startChain(db, randomBytes(32), upTo));
      const last = await lastBlock(db);
      const from = last ? last.number + 1 : chain.genesisNumber;
      if (from > upTo) return 0;
      return insertBlocks(db, nextSandboxBlocks(chain.seed, last, chain.genesisNumber, Math.min(upTo, from + MAX_BLOCKS_PER_RUN - 1)));
    },
    head: () => lastBlock(db),
    byNumber: (n) => blockAt(db, n),
  };
}

/**
 * This server's own sandbox routes as a node: real HTTP at its own address once it listens, and
 * through `inject` before (tests that never listen), so the client and its checks are the same.
 */
export function selfNode(app: FastifyInstance, prefix: string): { baseUrl: () => string; fetchImpl: typeof fetch } {
  const NOT_LISTENING = 'http://not-listening.invalid';
  const baseUrl = () => {
    const address = app.server.listening ? app.server.address() : null;
    if (!address || typeof address !== 'object') return `${NOT_LISTENING}${prefix}`;
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}${prefix}`;
  };
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(NOT_LISTENING)) return fetch(input, init);
    const res = await app.inject({ method: 'POST', url: url.slice(NOT_LISTENING.length), headers: { 'content-type': 'application/json' }, payload: String(init?.body ?? '{}') });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  }) as typeof fetch;
  return { baseUrl, fetchImpl };
}

export const SANDBOX_TRON_PREFIX = '/sandbox/tron';

/**
 * How long the node's newest block is reused. The engine runs every 250 ms and a waiting round
 * asks each time; without this, every waiting room would cost a node (TronGrid counts requests)
 * three reads four times a second. One block every 3 s makes a 1-s-old head good enough.
 */
export const HEAD_MAX_AGE_MS = 1_000;
/** Checked final blocks kept in memory (a few rooms' deciding blocks and parents for hours). */
const KEPT_BLOCKS = 1_024;

/** The reader with its newest block reused for a moment and, when final, its blocks kept. */
export function cachedReader(client: TronBlockReader, clock: Clock, opts: { headMaxAgeMs: number; keepBlocks: boolean }): TronBlockReader {
  let head: { atMs: number; block: TronBlock | null } | undefined;
  const kept = new Map<number, TronBlock>();
  return {
    async head() {
      const now = clock.now().getTime();
      if (head && now - head.atMs >= 0 && now - head.atMs < opts.headMaxAgeMs) return head.block;
      const block = await client.head();
      head = { atMs: now, block };
      return block;
    },
    async byNumber(n) {
      const known = kept.get(n);
      if (known) return known;
      const block = await client.byNumber(n);
      if (block && opts.keepBlocks) {
        if (kept.size >= KEPT_BLOCKS) kept.clear();
        kept.set(n, block);
      }
      return block;
    },
  };
}

/**
 * While providers keep disagreeing, one alert per this long per process: the engine asks four
 * times a second, and a forked provider disagrees on every new head (a new "what" every 3 s).
 */
export const DISAGREEMENT_ALERT_EVERY_MS = 10 * 60_000;

function clientsOf(config: TronConfig, self: FastifyInstance | undefined): TronFullNodeClient[] {
  if (config.kind === 'fullnode') {
    // TRON_API_KEY is TronGrid's: it is sent to TronGrid only, never to the other providers.
    const isTronGrid = (host: string) => host === 'trongrid.io' || host.endsWith('.trongrid.io');
    const keyFor = (url: string) => (isTronGrid(new URL(url).hostname) ? config.apiKey : undefined);
    return config.urls.map((url) => createTronFullNodeClient({ baseUrl: url, api: config.api, timeoutMs: config.timeoutMs, apiKey: keyFor(url) }));
  }
  if (!self) throw new Error('the sandbox TRON source reads the app it runs in: pass `self`');
  const node = selfNode(self, SANDBOX_TRON_PREFIX);
  return [createTronFullNodeClient({ baseUrl: node.baseUrl, fetchImpl: node.fetchImpl, api: config.api, timeoutMs: config.timeoutMs })];
}

export function createTronService({ db, clock, config, self, clients: given, client, giveUpMs = TRX_GIVE_UP_MS, alert }: TronServiceDeps): TronService {
  const sandbox = config.kind === 'sandbox' ? createSandboxTronChain(db, clock, sandboxWitnessKey(config.witnessSecret)) : undefined;
  const providers = agreeingProviders(given ?? (client ? [client] : clientsOf(config, self)));
  // Every block is checked for its producer (elected, signing with its key) before it is kept.
  const checked = witnessCheckedReader(providers, clock);
  // Final blocks never change, so they are kept; `/wallet/` blocks may still be replaced by a fork.
  const reader = cachedReader(checked, clock, { headMaxAgeMs: HEAD_MAX_AGE_MS, keepBlocks: config.api === 'walletsolidity' });
  let lastAlertAtMs: number | undefined;
  const source: TronBlockSource = {
    kind: config.kind,
    decidingBlock: async (locksAtMs) => {
      try {
        return await findDecidingBlock(reader, locksAtMs);
      } catch (err) {
        const nowMs = clock.now().getTime();
        if (err instanceof TronDisagreementError && alert && (lastAlertAtMs === undefined || nowMs - lastAlertAtMs >= DISAGREEMENT_ALERT_EVERY_MS)) {
          lastAlertAtMs = nowMs;
          await alert({ kind: 'tron_providers_disagree', target: `tron:${err.what}`, details: { what: err.what, answers: err.answers, locksAtMs } });
        }
        throw err;
      }
    },
    blockByNumber: (n) => reader.byNumber(n),
    head: () => reader.head(),
  };
  return {
    source,
    sandbox,
    decideDraw: (round) => decideTrxDraw(source, round, clock.now().getTime(), giveUpMs),
  };
}
