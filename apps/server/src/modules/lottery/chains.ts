import { randomBytes } from 'node:crypto';
import { beaconRoundAfter, bytesToHex, hexToBytes } from '@colorplay/fair';
import { chainCheckpointsSync, linkFromCheckpointsSync, type ChainCheckpoints } from '@colorplay/fair/node';
import { roundAt, roundByOrdinal, type Room } from '@colorplay/lottery';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { withTransaction } from '../ledger';
import type { BeaconSource } from './beacon-source';
import { createCheckpointSeal, isLegacyPlain } from './checkpoint-seal';
import * as repo from './repo';
import { linkIndexOf, type LotterySettings } from './rules';

/** A link that cannot be computed any more: the chain's checkpoints are gone or the chain was retired for it. */
export const LINK_LOST = 'lost' as const;
/**
 * A link that exists but that this node cannot compute, on a chain retired with the audited
 * command (LOTTERY_CHAIN_SECRET lost, decision 183): its round is voided as `chain_retired`, so
 * the audit record says it was the operator's retirement, not lost checkpoints (decision 186).
 */
export const LINK_RETIRED = 'retired' as const;

/** The link as hex, or null when it cannot be computed (lost, or on a retired chain). */
export function knownLink(link: string | typeof LINK_LOST | typeof LINK_RETIRED): string | null {
  return link === LINK_LOST || link === LINK_RETIRED ? null : link;
}

/** The checkpoints of a chain do not open with this LOTTERY_CHAIN_SECRET (decision 183). */
export class ChainSecretMismatch extends Error {
  constructor(readonly chainIds: number[], games: readonly string[] = []) {
    super(
      `lottery chains ${chainIds.join(', ')}${games.length > 0 ? ` (${[...new Set(games)].join(', ')})` : ''} have checkpoints that LOTTERY_CHAIN_SECRET does not open: ` +
        'restore the secret that sealed them, or retire those chains with `npm run lottery -- retire-chains --reason "<why>"` ' +
        '(audited; every round that exists is still drawn from its stored link, and new chains are published at the next start)',
    );
  }
}

export type ChainDeps = { db: Db; clock: Clock; log: FastifyBaseLogger; chainSecret: string; settings: LotterySettings; beacon: BeaconSource; game: string };

/**
 * A room's hash chains (decision 100): publication, checkpoints sealed at rest (decision 171),
 * links, retirement. Kept apart from the bet path and the draw so each can change alone.
 */
export function createChains(deps: ChainDeps) {
  const { db, clock, log, settings, beacon, game } = deps;
  const checkpointCache = new Map<number, ChainCheckpoints>();
  const seal = createCheckpointSeal(deps.chainSecret);
  const placeOf = (chain: { room_id: string; first_ordinal: number }, k: number) => ({ game, roomId: chain.room_id, firstOrdinal: chain.first_ordinal, k });

  /** The chain's checkpoints, LINK_LOST when they are gone; throws ChainSecretMismatch when they do not open. */
  async function checkpointsOf(q: Queryable, chain: repo.ChainRow): Promise<ChainCheckpoints | typeof LINK_LOST | typeof LINK_RETIRED> {
    const cached = checkpointCache.get(chain.id);
    if (cached) return cached;
    const rows = await repo.selectCheckpoints(q, chain.id);
    if (!rows.some((r) => r.k === chain.length)) return LINK_LOST;
    const checkpoints = new Map<number, Uint8Array>();
    try {
      for (const r of rows) checkpoints.set(r.k, hexToBytes(seal.open(placeOf(chain, r.k), r.link))!);
    } catch {
      // Another secret: the link exists but this node cannot compute it. The round waits (it
      // is never voided for this: that would let a secret change void chosen rounds) unless an
      // operator retired the chain with the audited command, accepting the loss.
      if (chain.retired_from_ordinal !== null) return LINK_RETIRED;
      throw new ChainSecretMismatch([chain.id]);
    }
    // Checkpoints written before sealing existed are sealed now, once (decision 171).
    const legacy = rows.filter((r) => isLegacyPlain(r.link));
    if (legacy.length > 0) {
      await repo.replaceCheckpoints(q, chain.id, legacy.map((r) => ({ k: r.k, from: r.link, to: seal.seal(placeOf(chain, r.k), r.link) })));
      log.info({ chainId: chain.id, sealed: legacy.length }, 'legacy chain checkpoints sealed');
    }
    const value: ChainCheckpoints = { finalHash: hexToBytes(chain.final_hash)!, length: chain.length, checkpointEvery: chain.checkpoint_every, checkpoints };
    checkpointCache.set(chain.id, value);
    return value;
  }

  /** L[k] of a chain as hex, or LINK_LOST / LINK_RETIRED. */
  async function linkOf(q: Queryable, chain: repo.ChainRow, k: number): Promise<string | typeof LINK_LOST | typeof LINK_RETIRED> {
    const cp = await checkpointsOf(q, chain);
    if (cp === LINK_LOST || cp === LINK_RETIRED) return cp;
    try {
      return bytesToHex(linkFromCheckpointsSync(cp, k));
    } catch (err) {
      log.error({ err, chainId: chain.id, k }, 'chain link cannot be computed');
      return LINK_LOST;
    }
  }

  /** The chain that serves a round ordinal: it covers it and is not retired from it on. */
  const chainFor = (chains: repo.ChainRow[], ordinal: number) =>
    chains.find(
      (c) =>
        linkIndexOf(ordinal, { firstOrdinal: c.first_ordinal, length: c.length }) !== null &&
        (c.retired_from_ordinal === null || ordinal < c.retired_from_ordinal),
    );

  /** The beacon round of a period of a scheme-2 chain (null for scheme 1). */
  function beaconRoundOf(chain: repo.ChainRow, locksAtMs: number): number | null {
    if (chain.scheme !== 2) return null;
    return beaconRoundAfter({ genesisMs: chain.beacon_genesis_ms!, periodMs: chain.beacon_period_ms! }, locksAtMs, chain.beacon_margin_ms!);
  }

  /** Whether a chain serves at least one round (not retired from its first one). */
  const servesAny = (c: repo.ChainRow) => c.retired_from_ordinal === null || c.retired_from_ordinal > c.first_ordinal;

  /** The last ordinal a chain may still serve. */
  const lastOrdinal = (c: repo.ChainRow) => Math.min(c.first_ordinal + c.length - 1, c.retired_from_ordinal === null ? Number.POSITIVE_INFINITY : c.retired_from_ordinal - 1);

  /**
   * Makes sure the room has a published scheme-2 chain for the rounds a player can bet on: when
   * none serves the current round while it is still open, one starts at it (first start, after a
   * retirement: a room is never shown open without a chain behind it); past its lock, one starts at
   * the next round. A chain is never published for a round whose betting closed: its beacon value
   * may exist, and a chain chosen after it could be ground to favour the house. Later the next
   * chain is published well before the current ends. A scheme-1 chain from before the beacon is
   * retired from the next round on (its rounds already created finish under it).
   */
  async function ensureChains(room: Room, nowMs: number): Promise<repo.ChainRow[]> {
    let chains = await repo.selectChains(db, game, room.id);
    const currentRound = roundAt(room, nowMs);
    const current = currentRound.ordinal;
    // A scheme-1 chain, or one naming another beacon than this node's (LOTTERY_BEACON changed),
    // serves no new round. Every such chain still in service after the current round is retired
    // from the next round on (from its first round when it starts later): that includes the next
    // chain the old code had already published ahead, which would otherwise leave the rounds
    // before its start without a chain, then serve scheme-1 rounds again (decision 185).
    let retiredAny = false;
    for (const c of chains) {
      if ((c.scheme === 2 && c.beacon_public_key === beacon.params.publicKey) || c.retired_from_ordinal !== null || lastOrdinal(c) <= current) continue;
      if (await repo.retireChain(db, c.id, Math.max(current + 1, c.first_ordinal), c.scheme === 1 ? 'scheme 2 (beacon) replaces it' : 'the beacon changed', clock.now())) {
        log.info({ room: room.id, chainId: c.id }, 'lottery chain retired from the next round');
        retiredAny = true;
      }
    }
    if (retiredAny) chains = await repo.selectChains(db, game, room.id);
    // The first round still to be served: the current one while betting on it is open (decision 380).
    const start = nowMs < currentRound.locksAtMs ? current : current + 1;
    const serving = chainFor(chains, start);
    let firstOrdinal: number | null = null;
    if (!serving) firstOrdinal = start;
    else if (!chainFor(chains, lastOrdinal(serving) + 1) && lastOrdinal(serving) - current < settings.chainRenewBeforeRounds) firstOrdinal = lastOrdinal(serving) + 1;
    if (firstOrdinal === null) return chains;
    // The chains that serve a round start at distinct rounds (027); a chain retired from its first
    // round serves none, and its replacement starts at that same round: one chain per gap.
    const taken = new Set(chains.filter(servesAny).map((c) => c.first_ordinal));
    while (taken.has(firstOrdinal)) firstOrdinal += 1;
    const seed = randomBytes(32);
    const cp = chainCheckpointsSync(seed, settings.chainLength, settings.checkpointEvery);
    const inserted = await withTransaction(db, (tx) =>
      repo.insertChain(
        tx,
        {
          game,
          roomId: room.id,
          firstOrdinal: firstOrdinal!,
          length: settings.chainLength,
          checkpointEvery: settings.checkpointEvery,
          finalHash: bytesToHex(cp.finalHash),
          firstPeriod: roundByOrdinal(room, firstOrdinal!).period,
          publishedAt: clock.now(),
          beacon: { name: beacon.name, publicKey: beacon.params.publicKey, genesisMs: beacon.params.genesisMs, periodMs: beacon.params.periodMs, marginMs: settings.beaconMarginMs },
        },
        [...cp.checkpoints].map(([k, link]) => ({ k, link: seal.seal({ game, roomId: room.id, firstOrdinal: firstOrdinal!, k }, bytesToHex(link)) })),
      ),
    );
    if (inserted) log.info({ room: room.id, firstOrdinal }, 'lottery chain published');
    return repo.selectChains(db, game, room.id);
  }

  /**
   * The chains whose checkpoints this LOTTERY_CHAIN_SECRET cannot open (decision 183), among those
   * that may still need them: a chain that can open new rounds, or that has a waiting round without
   * its stored link (a row from before 027). The service refuses to start with any, naming them
   * all, every game's together (decision 384).
   */
  async function chainsNotOpening(): Promise<number[]> {
    const bad: number[] = [];
    for (const chain of await repo.selectChainsInUse(db, game)) {
      try {
        await checkpointsOf(db, chain);
      } catch (err) {
        if (err instanceof ChainSecretMismatch) bad.push(chain.id);
        else throw err;
      }
    }
    return bad;
  }

  /**
   * The operator's retire command (decision 381): every chain in use is retired from the first
   * round that has no row yet and whose betting is still open. A round with a row has its link
   * stored since its creation (public from its lock on), so it is drawn like any other whatever
   * happens to the secret; the rounds a retirement takes away are ones nobody could bet on yet,
   * whose result nobody can know. A row from before 027 still waiting without its link is the only
   * round it can void (as `chain_retired`, when its link cannot be computed).
   */
  async function retireAll(rooms: readonly Room[], reason: string): Promise<Array<{ chainId: number; roomId: string; fromPeriod: string }>> {
    const nowMs = clock.now().getTime();
    const out: Array<{ chainId: number; roomId: string; fromPeriod: string }> = [];
    for (const chain of await repo.selectActiveChains(db, game)) {
      const room = rooms.find((r) => r.id === chain.room_id);
      if (!room) continue;
      const current = roundAt(room, nowMs);
      const lastRow = await repo.selectLastRoundOrdinal(db, chain.id);
      const from = Math.max(current.locksAtMs <= nowMs ? current.ordinal + 1 : current.ordinal, chain.first_ordinal, lastRow === null ? 0 : lastRow + 1);
      if (await repo.retireChain(db, chain.id, from, reason, clock.now())) out.push({ chainId: chain.id, roomId: chain.room_id, fromPeriod: roundByOrdinal(room, from).period });
    }
    checkpointCache.clear();
    return out;
  }

  /** Stores the link of every waiting round of the room that has none yet (rows from before 027). */
  async function storeMissingLinks(gameId: string, roomId: string): Promise<void> {
    for (const r of await repo.selectRoundsWithoutLink(db, gameId, roomId)) {
      const chain = await repo.selectChain(db, r.chain_id);
      if (!chain) continue;
      let link: string | null = null;
      try {
        link = knownLink(await linkOf(db, chain, r.round_index));
      } catch (err) {
        // A chain this secret cannot open (retired by the operator): the draw voids the round.
        if (!(err instanceof ChainSecretMismatch)) throw err;
      }
      if (link !== null) await repo.storeRoundLink(db, r.id, link);
    }
  }

  return {
    game,
    linkOf,
    storeMissingLinks,
    chainFor,
    beaconRoundOf,
    ensureChains,
    chainsNotOpening,
    retireAll,
    /** Retires a chain from a round on (its link lost) and forgets its cached checkpoints. */
    async retire(q: Queryable, chain: repo.ChainRow, fromOrdinal: number, reason: string): Promise<void> {
      if (await repo.retireChain(q, chain.id, fromOrdinal, reason, clock.now())) log.error({ chainId: chain.id, fromOrdinal, reason }, 'lottery chain retired');
      checkpointCache.delete(chain.id);
    },
  };
}

export type Chains = ReturnType<typeof createChains>;
