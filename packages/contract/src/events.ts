import { z } from 'zod';
import { DepositLimitPassSchema } from './safety';
import { DepositChannelSchema } from './wallet';
import { KYC_STATUSES, WITHDRAWAL_STATUSES } from './withdrawal-states';

/**
 * Domain events: the news of a committed change, recorded by the server in the same database
 * transaction as the change (the outbox) and delivered after commit to subscribers, and over
 * Redis to every node. The names and payloads live here so the server, and later the socket
 * client, agree on them. Payloads carry ids and minor units only: never a float, never a secret.
 * New domains add their events here (BetSettled, RoundDrawn, WithdrawalPaid) when they exist.
 */

const DepositEventBase = z.object({
  orderId: z.string(),
  playerId: z.number().int().positive(),
  amountMinor: z.number().int().positive(),
  currency: z.string(),
  channel: DepositChannelSchema,
});

export const DOMAIN_EVENT_SCHEMAS = {
  /** The order was credited to the player's main wallet (ledger transfer `transferId`). */
  DepositSucceeded: DepositEventBase.extend({ transferId: z.string() }),
  /** The payment was declined or rejected on review; no money moved. */
  DepositFailed: DepositEventBase.extend({ reason: z.string().nullable() }),
  /** The order ran out of time before payment arrived; no money moved. */
  DepositExpired: DepositEventBase,
  /**
   * A credited deposit took the player past one or more deposit limits (a payment that arrived
   * for a cancelled or expired order, an approval on review, a limit lowered after the order):
   * the money is credited all the same; operators are alerted (decision 392).
   */
  DepositLimitPassed: DepositEventBase.extend({ passed: z.array(DepositLimitPassSchema).min(1) }),
  /** A new player account exists. */
  PlayerRegistered: z.object({ playerId: z.number().int().positive() }),
  /** The password was reset with a one-time code and every session was ended. */
  PasswordReset: z.object({ playerId: z.number().int().positive() }),
  /** The signed-in player changed their password; every other session was ended (decision 404). */
  PasswordChanged: z.object({ playerId: z.number().int().positive() }),
  /**
   * Sessions ended (logout, refresh-token reuse, password reset): one session, or every session
   * of the player when `sessionId` is null. Every node evicts them from its session cache.
   */
  SessionsRevoked: z.object({ playerId: z.number().int().positive(), sessionId: z.string().nullable() }),
  /**
   * An operator suspended the account (`reason` set) or lifted its suspension (`reason` null,
   * decision 420): the player's inbox gets a message and their live sockets are told at once.
   */
  AccountSuspensionChanged: z.object({ playerId: z.number().int().positive(), suspended: z.boolean(), reason: z.string().nullable() }),
  /**
   * An operator closed the account for good (decision 440): the player's inbox says what happens
   * to the balance (`balanceRule`, decision 441) and their live sockets are told at once.
   */
  AccountClosed: z.object({ playerId: z.number().int().positive(), reason: z.string(), balanceRule: z.enum(['pay_out', 'hold']) }),
  /**
   * A lottery round was drawn (recorded by the draw, before its settlement pays: decision 371),
   * or voided (every stake refunded). `settled` is what rounds drawn before that recorded.
   */
  RoundDrawn: z.object({
    game: z.string(),
    roomId: z.string(),
    period: z.string(),
    status: z.enum(['drawn', 'settled', 'voided']),
    digit: z.number().int().min(0).max(9).nullable(),
    /** The result in the game's shape (K3 dice, 5D digits; Wingo [digit]); null for a void. */
    outcome: z.array(z.number().int()).nullable().optional(),
    drawnAtMs: z.number().int(),
    /** Trx Win: the TRON block the result was read from (the live socket passes it on; absent for the other games). */
    block: z.object({ number: z.number().int(), id: z.string(), timestampMs: z.number().int() }).nullable().optional(),
  }),
  /**
   * The players of a settled or voided round, up to ROUND_PLAYERS_PER_EVENT of them per event
   * (decision 312): per player, in parallel arrays of one length, the bets, what the round paid
   * (or refunded) and the balance after it. A round of 10,000 players records two rows, not
   * 10,000, and the outbox delivers two events, not 10,000 transactions.
   */
  RoundPlayersSettled: z
    .object({
      game: z.string(),
      roomId: z.string(),
      period: z.string(),
      playerIds: z.array(z.number().int().positive()).min(1),
      bets: z.array(z.number().int().positive()),
      payoutsMinor: z.array(z.number().int().nonnegative()),
      balancesMinor: z.array(z.number().int()),
    })
    .refine((p) => p.bets.length === p.playerIds.length && p.payoutsMinor.length === p.playerIds.length && p.balancesMinor.length === p.playerIds.length, {
      message: 'one entry per player in every array',
    }),
  /**
   * One player's bets in a settled or voided round, recorded by releases before decision 312;
   * still read, so events of that kind left in an outbox at an upgrade are delivered.
   */
  BetsSettled: z.object({
    game: z.string(),
    playerId: z.number().int().positive(),
    roomId: z.string(),
    period: z.string(),
    bets: z.number().int().positive(),
    payoutMinor: z.number().int().nonnegative(),
    balanceMinor: z.number().int(),
  }),
  /**
   * A withdrawal changed status (requested, review, approved, processing, paid, failed...).
   * `feeMinor` is the part of `amountMinor` kept as the fee when it is paid; `reason` is the
   * operator's reason (rejected) or the gateway's (failed, failed_after_paid), otherwise null.
   */
  WithdrawalStatusChanged: z.object({
    withdrawalId: z.string(),
    playerId: z.number().int().positive(),
    amountMinor: z.number().int().positive(),
    feeMinor: z.number().int().nonnegative(),
    currency: z.string(),
    status: z.enum(WITHDRAWAL_STATUSES),
    reason: z.string().nullable(),
  }),
  /**
   * A KYC submission was made (pending) or decided (verified, or rejected with the operator's
   * `reason`, which the player reads).
   */
  KycStatusChanged: z.object({
    submissionId: z.string(),
    playerId: z.number().int().positive(),
    status: z.enum(KYC_STATUSES).exclude(['none']),
    reason: z.string().nullable(),
  }),
  /**
   * A support ticket changed where the player can see it (opened, a reply either way, resolved,
   * reopened, a final response). An internal note records none: the player must never learn of
   * it. `byOperator` tells the inbox to tell the player (docs/support.md).
   */
  SupportTicketUpdated: z.object({
    ticketId: z.string(),
    playerId: z.number().int().positive(),
    status: z.enum(['open', 'waiting_player', 'resolved']),
    byOperator: z.boolean(),
  }),
} as const;

/** The most players one RoundPlayersSettled event carries (about 40 bytes each in JSON). */
export const ROUND_PLAYERS_PER_EVENT = 5_000;

export type DomainEventName = keyof typeof DOMAIN_EVENT_SCHEMAS;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENT_SCHEMAS) as DomainEventName[];

export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof DOMAIN_EVENT_SCHEMAS)[N]>;

/** One recorded event as subscribers and the bus see it. */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: {
    /** `evt_…`, unique: handlers use it to make their effect idempotent. */
    id: string;
    name: K;
    payload: DomainEventPayload<K>;
    /** ISO time the change committed (recorded). */
    occurredAt: string;
  };
}[N];

const envelope = <N extends DomainEventName>(name: N) =>
  z.object({
    id: z.string().regex(/^evt_[A-Za-z0-9_-]+$/),
    name: z.literal(name),
    payload: DOMAIN_EVENT_SCHEMAS[name],
    occurredAt: z.iso.datetime(),
  });

/** Validates an event that crossed a process boundary (Redis, later a WebSocket). */
export const DomainEventSchema = z.discriminatedUnion('name', [
  envelope('DepositSucceeded'),
  envelope('DepositFailed'),
  envelope('DepositExpired'),
  envelope('DepositLimitPassed'),
  envelope('PlayerRegistered'),
  envelope('PasswordReset'),
  envelope('PasswordChanged'),
  envelope('SessionsRevoked'),
  envelope('AccountSuspensionChanged'),
  envelope('AccountClosed'),
  envelope('RoundDrawn'),
  envelope('RoundPlayersSettled'),
  envelope('BetsSettled'),
  envelope('WithdrawalStatusChanged'),
  envelope('KycStatusChanged'),
  envelope('SupportTicketUpdated'),
]);
