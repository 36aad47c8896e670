import { VIP_LEVELS, type VipStatus } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { accountCodes, sumEntriesByKind } from '../ledger';
import { hedgedWingoStakeMinor } from '../lottery';
import { hedgedVendorStakeMinor } from '../vendor-wallet';
import { STAKE_KINDS } from './service';
import { tenureDays, vipLevel, type VipFacts } from './vip-rules';

/**
 * What other modules know about the player (given by app.ts: this module imports neither the
 * players nor the KYC module): when they registered and whether their identity is verified.
 */
export type VipPlayerFacts = (q: Queryable, playerId: number) => Promise<{ registeredAt: Date; kycVerified: boolean }>;

export type VipDeps = { db: Db; clock: Clock; playerFacts: VipPlayerFacts };

/**
 * VIP levels (docs/promotions.md, decision 546): the level from tenure and verified play, and the
 * player's standing with the published table. Benefits are service only; the support and
 * withdrawals modules ask `levelOf` when a ticket opens or a withdrawal is requested.
 */
export function createVip({ db, clock, playerFacts }: VipDeps) {
  /** Lifetime verified play: net stakes on the main wallet minus their hedged part, as wagering counts it. */
  async function factsOf(q: Queryable, playerId: number): Promise<VipFacts> {
    const { registeredAt, kycVerified } = await playerFacts(q, playerId);
    const sums = await sumEntriesByKind(q, accountCodes.playerMain(playerId), STAKE_KINDS);
    const netStakedMinor = -STAKE_KINDS.reduce((s, k) => s + (sums[k] ?? 0), 0);
    const hedgedMinor = (await hedgedWingoStakeMinor(q, playerId)) + (await hedgedVendorStakeMinor(q, playerId));
    return { registeredAt, kycVerified, verifiedPlayMinor: Math.max(0, netStakedMinor - hedgedMinor) };
  }

  return {
    /** The player's level now, read in `q` (a ticket's or a withdrawal's own transaction). */
    async levelOf(q: Queryable, playerId: number): Promise<number> {
      return vipLevel(await factsOf(q, playerId), clock.now());
    },

    /** The player's level, what counts so far, the next level's conditions and the whole table. */
    async status(playerId: number): Promise<VipStatus> {
      const facts = await factsOf(db, playerId);
      const now = clock.now();
      const level = vipLevel(facts, now);
      return {
        level,
        counts: { tenureDays: tenureDays(facts.registeredAt, now), kycVerified: facts.kycVerified, verifiedPlayMinor: facts.verifiedPlayMinor },
        next: VIP_LEVELS[level + 1] ?? null,
        levels: [...VIP_LEVELS],
      };
    },
  };
}

export type VipService = ReturnType<typeof createVip>;
