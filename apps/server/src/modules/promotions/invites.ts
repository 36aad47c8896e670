import { LINK_REGISTRATION_WINDOW_HOURS, PROMOTION_TERMS_VERSION, type DomainEventName, type InviteOutcome, type InviteReason, type InviteSummary } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { EventHandler } from '../../events';
import type { Clock } from '../../lib/clock';
import { playersSharingDevice } from '../auth';
import { playersSharingPan } from '../kyc';
import { accountCodes, sumEntriesByKind, transferKindsOf, withTransaction } from '../ledger';
import { hedgedWingoStakeMinor } from '../lottery';
import { findPlayerById, findPlayerByUid, playersRegisteredNear } from '../players';
import { hedgedVendorStakeMinor } from '../vendor-wallet';
import { playersSharingPayoutDestination } from '../withdrawals';
import { DEFAULT_INVITE_SETTINGS, capWindowStart, hasPlayed, inviteCodeOf, inviteStep, uidOfInviteCode, type InviteSettings } from './invite-rules';
import * as repo from './invites-repo';
import type { PromotionsService } from './service';

export type InvitesDeps = {
  db: Db;
  clock: Clock;
  /** The promotions service's grant: eligibility and terms in the grant's own transaction (decision 490). */
  grant: PromotionsService['grant'];
  /** Whether the friend's identity is verified, read in the evaluation's transaction (the KYC module's isVerified). */
  kycVerified: (q: Queryable, playerId: number) => Promise<boolean>;
  settings?: Partial<InviteSettings>;
  /** The currency of the reward (the deposits' settings). */
  currency: string;
};

/** The durable subscriber's name: registrations reach it once each, after commit. */
export const INVITES_HANDLER = 'promotions.invites';
/** How many friends the card lists, newest first. */
const FRIENDS_LIMIT = 50;
/** How many pending invites one run of the job looks at; the next run goes on from there. */
const JOB_BATCH = 500;
const STAKE_KINDS = transferKindsOf('stake', 'stake_return');

/**
 * Invite a friend (docs/promotions.md; decisions 550-552): the registration links a friend to the
 * inviter whose code they typed, and the job rewards the inviter once the friend passed KYC and
 * played, capped per rolling window, each friend at most once (row lock, fixed grant id).
 */
export function createInvitesService({ db, clock, grant, kycVerified, settings: over, currency }: InvitesDeps) {
  const settings: InviteSettings = { ...DEFAULT_INVITE_SETTINGS, ...over };
  let cursor = 0;

  /** The friend's net stakes on main since they registered, and their hedged part (decision 192's net exposure). */
  async function played(q: Queryable, row: repo.InviteRow): Promise<boolean> {
    const sums = await sumEntriesByKind(q, accountCodes.playerMain(row.invitee_id), STAKE_KINDS);
    const netStakedMinor = -STAKE_KINDS.reduce((s, k) => s + (sums[k] ?? 0), 0);
    const hedgedMinor = (await hedgedWingoStakeMinor(q, row.invitee_id, row.registered_at)) + (await hedgedVendorStakeMinor(q, row.invitee_id, row.registered_at));
    return hasPlayed(netStakedMinor, hedgedMinor, settings);
  }

  /**
   * The same person behind both accounts (decision 552): any fact the console's linked accounts
   * use (decision 430): a registration address within its window, a browser, a PAN, a payout destination.
   */
  async function linked(q: Queryable, inviterId: number, inviteeId: number): Promise<boolean> {
    const found = await Promise.all([
      playersRegisteredNear(q, inviteeId, LINK_REGISTRATION_WINDOW_HOURS * 3600),
      playersSharingDevice(q, inviteeId),
      playersSharingPan(q, inviteeId),
      playersSharingPayoutDestination(q, inviteeId),
    ]);
    return found.some((list) => list.some((r) => r.playerId === inviterId));
  }

  /**
   * Looks at one friend's invite in its own transaction and rewards the inviter when due. Every
   * invite of the inviter is locked first (in one order), so one inviter's friends are decided in
   * turn and the cap holds; a decided invite is never looked at again.
   */
  async function evaluate(inviteeId: number): Promise<InviteOutcome | null> {
    return withTransaction(db, async (tx) => {
      const peek = await repo.selectInvite(tx, inviteeId);
      if (!peek || peek.outcome !== 'pending') return peek?.outcome ?? null;
      await repo.lockInvitesOf(tx, peek.inviter_id);
      const row = (await repo.selectInvite(tx, inviteeId))!;
      if (row.outcome !== 'pending') return row.outcome;
      const now = clock.now();
      const kycPassedAt = row.kyc_passed_at ?? ((await kycVerified(tx, inviteeId)) ? now : null);
      const playedAt = kycPassedAt ? (row.played_at ?? ((await played(tx, row)) ? now : null)) : null;
      const record = async (outcome: InviteOutcome, reason: InviteReason | null, grantId: string | null = null) => {
        await repo.updateInvite(tx, inviteeId, { kycPassedAt, playedAt, outcome, reason, grantId, decidedAt: outcome === 'pending' ? null : now });
        return outcome;
      };
      if (!playedAt) return record('pending', null);
      if (await linked(tx, row.inviter_id, inviteeId)) return record('refused', 'linked_account');
      if ((await repo.countRewardedSince(tx, row.inviter_id, capWindowStart(now, settings))) >= settings.capRewards) return record('missed', 'cap_reached');
      // A refused grant rolls back to here (its own checks wrote nothing we keep), and the invite says why.
      await tx.query('SAVEPOINT invite_grant');
      try {
        const g = await grant(tx, {
          playerId: row.inviter_id,
          source: 'invite',
          sourceRef: `invite:${inviteeId}`,
          grantId: `bon_inv${inviteeId}`,
          amountMinor: settings.rewardMinor,
          wageringMultiple: settings.wageringMultiple,
          validDays: settings.validDays,
          // The terms the card shows with the code; sharing it is taking part under them.
          termsVersion: PROMOTION_TERMS_VERSION,
        });
        await tx.query('RELEASE SAVEPOINT invite_grant');
        return record('rewarded', null, g.id);
      } catch (err) {
        if (!(err instanceof AppError) || (err.code !== 'PROMOTION_NOT_ELIGIBLE' && err.code !== 'BONUS_ALREADY_ACTIVE')) throw err;
        await tx.query('ROLLBACK TO SAVEPOINT invite_grant');
        // One bonus at a time: the reward waits for the active one to end (decision 551).
        if (err.code === 'BONUS_ALREADY_ACTIVE') return record('pending', 'bonus_active');
        return record('missed', err.publicDetails?.reason as InviteReason);
      }
    });
  }

  return {
    settings,
    evaluate,

    /**
     * A registration's invite (the PlayerRegistered subscriber, in its delivery's transaction):
     * a code that names another player's UID links the friend to them, once; anything else links nothing.
     */
    async linkRegistration(tx: Queryable, inviteeId: number): Promise<void> {
      const invitee = await findPlayerById(tx, inviteeId);
      const uid = uidOfInviteCode(invitee?.invite_code);
      if (!invitee || uid === null) return;
      const inviter = await findPlayerByUid(tx, uid);
      if (!inviter || inviter.id === invitee.id) return;
      await repo.insertInvite(tx, { inviteeId, inviterId: inviter.id, registeredAt: invitee.created_at });
    },

    /** The job (under the leader lock): up to a batch of pending invites, each in its own transaction. */
    async rewardDue(): Promise<{ rewarded: number; missed: number; refused: number }> {
      let ids = await repo.selectPendingInviteeIds(db, cursor, JOB_BATCH);
      if (ids.length === 0 && cursor > 0) ids = await repo.selectPendingInviteeIds(db, (cursor = 0), JOB_BATCH);
      const counts = { rewarded: 0, missed: 0, refused: 0 };
      for (const id of ids) {
        const outcome = await evaluate(id);
        if (outcome === 'rewarded' || outcome === 'missed' || outcome === 'refused') counts[outcome] += 1;
      }
      cursor = ids.length === JOB_BATCH ? ids[ids.length - 1]! : 0;
      return counts;
    },

    /** The player's invites: code, link, counts, cap and terms, and the newest friends with their steps. */
    async summary(playerId: number): Promise<InviteSummary> {
      const player = await findPlayerById(db, playerId);
      if (!player) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in.');
      const code = inviteCodeOf(player.uid);
      const counts = await repo.countInvitesOf(db, playerId);
      const friends = [];
      for (const row of await repo.selectInvitesOf(db, playerId, FRIENDS_LIMIT)) {
        const friend = await findPlayerById(db, row.invitee_id);
        friends.push({
          nickname: friend?.nickname ?? '',
          // The last two digits only: the inviter knows their friend, nobody learns a number.
          phoneEnding: friend?.phone.slice(-2) ?? '00',
          joinedAt: row.registered_at.toISOString(),
          step: inviteStep(row),
          outcome: row.outcome,
          reason: row.reason,
        });
      }
      return {
        code,
        currency,
        linkPath: `/register?invite=${code}`,
        ...counts,
        cap: { rewards: settings.capRewards, periodDays: settings.capPeriodDays, usedInPeriod: await repo.countRewardedSince(db, playerId, capWindowStart(clock.now(), settings)) },
        terms: { rewardMinor: settings.rewardMinor, wageringMultiple: settings.wageringMultiple, validDays: settings.validDays, minPlayMinor: settings.minPlayMinor },
        friends,
      };
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;

/** Registrations reach the invites once each, in their delivery's transaction (src/events). */
export function subscribeInvites(
  events: { subscribe<N extends DomainEventName>(name: N, handler: string, fn: EventHandler<N>): void },
  invites: Pick<InvitesService, 'linkRegistration'>): void {
  events.subscribe('PlayerRegistered', INVITES_HANDLER, (event, tx) => invites.linkRegistration(tx, event.payload.playerId));
}
