import { z } from 'zod';
import { PROMOTION_INELIGIBLE_REASONS } from './promotions';

/**
 * Invite a friend (docs/promotions.md, "Invite a friend"; decisions 550-552): one level, capped. A
 * player's invite code is their public UID; a friend who registers with it, passes KYC and plays
 * earns the inviter one bonus. Every amount in minor units.
 */

/** A friend's progress, in order: registered with the code, identity verified, played enough, bonus granted. */
export const INVITE_STEPS = ['joined', 'kyc_passed', 'played', 'rewarded'] as const;
export type InviteStep = (typeof INVITE_STEPS)[number];

/**
 * How an invite ended: still `pending` (its friend has not qualified, or the reward waits for the
 * inviter's active bonus to end), `rewarded`, `missed` (the inviter could not receive an offer then,
 * or was at the cap) or `refused` (the two accounts are linked: the same person, decision 552).
 */
export const INVITE_OUTCOMES = ['pending', 'rewarded', 'missed', 'refused'] as const;
export type InviteOutcome = (typeof INVITE_OUTCOMES)[number];

/**
 * Why an invite is missed, refused or waiting: the offer's eligibility reasons (decision 490),
 * `cap_reached`, `linked_account`, and `bonus_active` (waiting: one bonus at a time).
 */
export const INVITE_REASONS = [
  ...PROMOTION_INELIGIBLE_REASONS,
  'cap_reached',
  'linked_account',
  'bonus_active',
] as const;
export type InviteReason = (typeof INVITE_REASONS)[number];

/** One friend as the inviter sees them: their nickname and the last two digits of their phone only. */
export const InviteFriendSchema = z
  .object({
    nickname: z.string(),
    phoneEnding: z.string().regex(/^\d{2}$/),
    joinedAt: z.iso.datetime(),
    step: z.enum(INVITE_STEPS),
    outcome: z.enum(INVITE_OUTCOMES),
    reason: z.enum(INVITE_REASONS).nullable(),
  })
  .meta({ id: 'InviteFriend' });
export type InviteFriend = z.infer<typeof InviteFriendSchema>;

/** The player's invites: their code and link, the counts, the cap and the reward's terms. */
export const InviteSummarySchema = z
  .object({
    code: z.string(),
    /** The currency of every amount below. */
    currency: z.string(),
    /** The register page with the code filled in: a path the web app puts after its own address. */
    linkPath: z.string(),
    joined: z.number().int(),
    /** Friends who passed KYC and played enough (rewarded or not). */
    qualified: z.number().int(),
    rewarded: z.number().int(),
    cap: z.object({
      /** At most this many rewarded invites ... */
      rewards: z.number().int(),
      /** ... in any window of this many days (rolling). */
      periodDays: z.number().int(),
      /** Rewards granted in the current window. */
      usedInPeriod: z.number().int(),
    }),
    terms: z.object({
      rewardMinor: z.number().int(),
      wageringMultiple: z.number().int(),
      validDays: z.number().int(),
      /** The friend's net stakes (hedged play excluded) that count as having played. */
      minPlayMinor: z.number().int(),
    }),
    /** The newest friends first (at most 50). */
    friends: z.array(InviteFriendSchema),
  })
  .meta({ id: 'InviteSummary' });
export type InviteSummary = z.infer<typeof InviteSummarySchema>;
