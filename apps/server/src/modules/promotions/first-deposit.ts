import {
  PROMOTION_TERMS_VERSION,
  type DomainEventName,
  type FirstDepositClaim,
  type FirstDepositOffer,
  type FirstDepositOfferInput,
  type FirstDepositRefusal,
  type FirstDepositStatus,
} from '@colorplay/contract';
import { isUniqueViolation, type Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { EventHandler } from '../../events';
import { accountCodes, findTransferById, sumEntriesByKind, transferKindsOf, withTransaction } from '../ledger';
import * as repo from './first-deposit-repo';
import { firstDepositBonusMinor, offerStopped, refusalOf } from './first-deposit-rules';
import { selectConsentGiven } from './repo';
import { eligibility } from './rules';
import type { OperatorPrincipal, PromotionsDeps, PromotionsService, RequestOrigin } from './service';

/**
 * The first-deposit bonus (docs/promotions.md, decisions 540-542): the console's offers (at most
 * one running), the player's opt-in recorded with the recharge order, and the grant when that
 * order is credited as the player's first deposit, decided once by a durable handler of the
 * deposit's DepositSucceeded event (after commit) in the delivery's own transaction.
 */

export type FirstDepositDeps = Pick<PromotionsDeps, 'db' | 'clock' | 'safetyFacts' | 'audit'> & {
  /** The promotions service's grant (eligibility, terms and one active bonus checked in `tx`). */
  grant: PromotionsService['grant'];
};

/** The handler name in `domain_event_deliveries`: stable, or old events would be delivered again. */
export const FIRST_DEPOSIT_HANDLER = 'promotions.first-deposit';

/** The console lists at most this many offers, newest first. */
const OFFER_LIST_LIMIT = 100;
/** Every kind that is a deposit on the player's main wallet (UPI and USDT; decision 190). */
const DEPOSIT_KINDS = transferKindsOf('deposit');

/** The grant's id is fixed by the order, so its ledger key `bonus:grant:<id>` is too. */
export const firstDepositGrantId = (orderId: string) => `bon_fd${orderId.replace(/[^A-Za-z0-9]/g, '')}`;

const toOffer = (r: repo.OfferRow): FirstDepositOffer => ({
  id: r.id,
  percent: r.percent,
  capMinor: r.cap_minor,
  wageringMultiple: r.wagering_multiple,
  bonusValidDays: r.bonus_valid_days,
  budgetMinor: r.budget_minor,
  spentMinor: r.spent_minor,
  termsVersion: r.terms_version,
  expiresAt: r.expires_at.toISOString(),
  paused: r.paused,
  pausedAt: r.paused_at?.toISOString() ?? null,
  createdBy: r.created_by,
  createdAt: r.created_at.toISOString(),
});

const toClaim = (c: repo.ClaimRow): FirstDepositClaim => ({
  orderId: c.order_id,
  offerId: c.offer_id,
  termsVersion: c.terms_version,
  optedAt: c.opted_at.toISOString(),
  status: c.status,
  refusedReason: c.refused_reason,
  bonusMinor: c.bonus_minor,
  grantId: c.grant_id,
  decidedAt: c.decided_at?.toISOString() ?? null,
});

const unavailable = (reason: FirstDepositRefusal) =>
  new AppError('FIRST_DEPOSIT_OFFER_UNAVAILABLE', 'The first-deposit bonus is not available with this recharge', undefined, undefined, { reason });

const sum = (sums: Record<string, number>) => Object.values(sums).reduce((s, v) => s + v, 0);

export function createFirstDepositService({ db, clock, safetyFacts, audit, grant }: FirstDepositDeps) {
  /** Any deposit (any channel) ever credited to the player's main wallet. */
  async function hasCreditedDeposit(q: Queryable, playerId: number): Promise<boolean> {
    return sum(await sumEntriesByKind(q, accountCodes.playerMain(playerId), DEPOSIT_KINDS)) > 0;
  }

  /** Whether the credit `transferId` is the player's first: no deposit entry before its own. */
  async function isFirstDeposit(q: Queryable, playerId: number, transferId: string): Promise<boolean> {
    const main = accountCodes.playerMain(playerId);
    const entry = (await findTransferById(q, transferId))?.entries.find((e) => e.accountCode === main);
    if (!entry) return false;
    const all = sum(await sumEntriesByKind(q, main, DEPOSIT_KINDS));
    const fromThisOn = sum(await sumEntriesByKind(q, main, DEPOSIT_KINDS, entry.id - 1));
    return all - fromThisOn === 0;
  }

  /** Why the player may not take an offer now (eligibility rule, first deposit), or null. */
  async function playerRefusal(q: Queryable, playerId: number): Promise<FirstDepositRefusal | null> {
    if (await hasCreditedDeposit(q, playerId)) return 'not_first_deposit';
    const consentGiven = (await selectConsentGiven(q, [playerId])).has(playerId);
    const verdict = eligibility({ ...(await safetyFacts(q, playerId)), consentGiven }, clock.now());
    return verdict.ok ? null : verdict.reason;
  }

  /** The offer a player sees: the one not paused if it runs, else why not (the newest offer's state). */
  async function runningOffer(q: Queryable): Promise<{ offer: repo.OfferRow } | { reason: FirstDepositRefusal }> {
    const newest = (await repo.selectUnpausedOffer(q)) ?? (await repo.selectOffers(q, 1))[0];
    if (!newest) return { reason: 'no_offer' };
    const stopped = offerStopped({ paused: newest.paused, expiresAt: newest.expires_at }, clock.now());
    if (stopped) return { reason: stopped };
    if (newest.spent_minor >= newest.budget_minor) return { reason: 'budget_spent' };
    return { offer: newest };
  }

  return {
    /** The console's offers, newest first, with budget and spent. */
    async offers(): Promise<FirstDepositOffer[]> {
      return (await repo.selectOffers(db, OFFER_LIST_LIMIT)).map(toOffer);
    },

    /**
     * An admin creates an offer (audited in the same transaction). One runs at a time: an offer
     * not paused and not expired refuses it; one past its expiry is paused first (audited too).
     */
    async createOffer(input: FirstDepositOfferInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<FirstDepositOffer> {
      const now = clock.now();
      const expiresAt = new Date(input.expiresAt);
      if (expiresAt.getTime() <= now.getTime()) {
        throw new AppError('VALIDATION_FAILED', 'The offer must expire in the future', [{ path: 'expiresAt', message: 'Choose a time in the future' }]);
      }
      if (input.capMinor > input.budgetMinor) {
        throw new AppError('VALIDATION_FAILED', 'The budget must pay at least one bonus at the cap', [{ path: 'budgetMinor', message: 'At least the cap' }]);
      }
      try {
        return await withTransaction(db, async (tx) => {
          const running = await repo.selectUnpausedOffer(tx, { lock: true });
          if (running && running.expires_at.getTime() > now.getTime()) {
            throw new AppError('FIRST_DEPOSIT_OFFER_RUNNING', 'A first-deposit offer already runs: pause it first', undefined, undefined, { offerId: running.id });
          }
          if (running) {
            await repo.pauseOffer(tx, running.id, now);
            await audit.write(tx, by, 'first_deposit_offer.pause', `first_deposit_offer_${running.id}`, origin, { before: { paused: false }, after: { paused: true, reason: 'expired' } });
          }
          const row = await repo.insertOffer(tx, {
            percent: input.percent,
            cap_minor: input.capMinor,
            wagering_multiple: input.wageringMultiple,
            bonus_valid_days: input.bonusValidDays,
            budget_minor: input.budgetMinor,
            terms_version: PROMOTION_TERMS_VERSION,
            expires_at: expiresAt,
            created_by: by.id,
            created_at: now,
          });
          await audit.write(tx, by, 'first_deposit_offer.create', `first_deposit_offer_${row.id}`, origin, { after: toOffer(row) });
          return toOffer(row);
        });
      } catch (err) {
        // Two creations at once: the partial unique index lets one commit.
        if (isUniqueViolation(err)) throw new AppError('FIRST_DEPOSIT_OFFER_RUNNING', 'A first-deposit offer already runs: pause it first');
        throw err;
      }
    },

    /** An admin pauses an offer for good (audited): opt-ins stop at once, and credits after it grant nothing. */
    async pauseOffer(id: number, by: OperatorPrincipal, origin: RequestOrigin): Promise<FirstDepositOffer> {
      return withTransaction(db, async (tx) => {
        const before = await repo.lockOffer(tx, id);
        if (!before) throw new AppError('FIRST_DEPOSIT_OFFER_NOT_FOUND', 'No such first-deposit offer');
        if (before.paused) return toOffer(before);
        const after = await repo.pauseOffer(tx, id, clock.now());
        await audit.write(tx, by, 'first_deposit_offer.pause', `first_deposit_offer_${id}`, origin, { before: { paused: false }, after: { paused: true } });
        return toOffer(after);
      });
    },

    /** The recharge page's view: the running offer when this player may take it, else why not; and their claim. */
    async status(playerId: number): Promise<FirstDepositStatus> {
      return withTransaction(db, async (tx) => {
        const claim = await repo.selectClaim(tx, playerId);
        const running = await runningOffer(tx);
        const reason = 'reason' in running ? running.reason : await playerRefusal(tx, playerId);
        const o = 'offer' in running && reason === null ? running.offer : null;
        return {
          offer: o && { id: o.id, percent: o.percent, capMinor: o.cap_minor, wageringMultiple: o.wagering_multiple, bonusValidDays: o.bonus_valid_days, termsVersion: o.terms_version, expiresAt: o.expires_at.toISOString() },
          unavailableReason: reason,
          claim: claim ? toClaim(claim) : null,
        };
      });
    },

    /**
     * The opt-in, in the recharge order's own transaction (the deposits module calls it): the
     * offer must run, the terms be the current ones, the player have no credited deposit and be
     * eligible now; otherwise the order is refused too and nothing is written.
     */
    async optIn(tx: Queryable, c: { playerId: number; orderId: string; termsVersion: string }): Promise<void> {
      const running = await runningOffer(tx);
      if ('reason' in running) throw unavailable(running.reason);
      if (c.termsVersion !== running.offer.terms_version || c.termsVersion !== PROMOTION_TERMS_VERSION) {
        throw new AppError('PROMOTION_TERMS_OUTDATED', 'The terms changed: read them again before accepting', undefined, undefined, { termsVersion: PROMOTION_TERMS_VERSION });
      }
      const refusal = await playerRefusal(tx, c.playerId);
      if (refusal === 'not_first_deposit') throw unavailable(refusal);
      if (refusal) throw new AppError('PROMOTION_NOT_ELIGIBLE', 'This offer is not available to you now', undefined, undefined, { reason: refusal });
      const claim = await repo.upsertPendingClaim(tx, { playerId: c.playerId, orderId: c.orderId, offerId: running.offer.id, termsVersion: c.termsVersion, at: clock.now() });
      if (!claim) throw unavailable('not_first_deposit');
    },

    /**
     * DepositSucceeded's durable handler, in the delivery's transaction: the claim of that order,
     * locked, is decided once. Granted: min(percent × deposit, cap) under the offer's row lock
     * (the budget spent there, never past it), the grant's own eligibility and terms checks in
     * this same transaction, its id (so its ledger key) fixed by the order. Otherwise the reason
     * is kept on the claim. A redelivery finds the claim decided and does nothing.
     */
    async depositCredited(tx: Queryable, e: { orderId: string; playerId: number; amountMinor: number; transferId: string }): Promise<void> {
      const probe = await repo.selectClaim(tx, e.playerId);
      if (!probe || probe.status !== 'pending' || probe.order_id !== e.orderId) return;
      // The player's controls lock before the claim's, as the order's opt-in takes them (and every money path).
      await safetyFacts(tx, e.playerId);
      const claim = await repo.selectClaim(tx, e.playerId, { lock: true });
      if (!claim || claim.status !== 'pending' || claim.order_id !== e.orderId) return;
      const now = clock.now();
      const refuse = (reason: FirstDepositRefusal) => repo.markClaimRefused(tx, e.playerId, reason, now);
      if (!(await isFirstDeposit(tx, e.playerId, e.transferId))) return refuse('not_first_deposit');
      const offer = (await repo.lockOffer(tx, claim.offer_id))!;
      const stopped = offerStopped({ paused: offer.paused, expiresAt: offer.expires_at }, now);
      if (stopped) return refuse(stopped);
      const bonusMinor = firstDepositBonusMinor({ percent: offer.percent, capMinor: offer.cap_minor }, e.amountMinor);
      if (bonusMinor <= 0) return refuse('no_offer');
      if (offer.budget_minor - offer.spent_minor < bonusMinor) return refuse('budget_spent');
      // A refused grant may have written before refusing (ending a completed bonus): undone here.
      await tx.query('SAVEPOINT first_deposit_grant');
      let grantId: string;
      try {
        const g = await grant(tx, {
          grantId: firstDepositGrantId(e.orderId),
          playerId: e.playerId,
          source: 'first_deposit',
          sourceRef: e.orderId,
          amountMinor: bonusMinor,
          wageringMultiple: offer.wagering_multiple,
          validDays: offer.bonus_valid_days,
          termsVersion: claim.terms_version,
        });
        grantId = g.id;
      } catch (err) {
        const reason = err instanceof AppError ? refusalOf(err) : null;
        if (!reason) throw err;
        await tx.query('ROLLBACK TO SAVEPOINT first_deposit_grant');
        return refuse(reason);
      }
      await tx.query('RELEASE SAVEPOINT first_deposit_grant');
      await repo.spendOffer(tx, offer.id, bonusMinor);
      await repo.markClaimGranted(tx, e.playerId, grantId, bonusMinor, now);
    },
  };
}

export type FirstDepositService = ReturnType<typeof createFirstDepositService>;

type Subscribe = { subscribe<N extends DomainEventName>(name: N, handler: string, fn: EventHandler<N>): void };

/** Subscribes the grant to every credited deposit (UPI and USDT: only an opted-in order's claim acts). */
export function subscribeFirstDeposit(events: Subscribe, service: FirstDepositService): void {
  events.subscribe('DepositSucceeded', FIRST_DEPOSIT_HANDLER, (event, tx) => service.depositCredited(tx, event.payload));
}
