import { z } from 'zod';

/**
 * Every failure the API can answer with. Codes are stable: clients branch on them, so a code is
 * never renamed or reused for another meaning. The HTTP status for each is fixed here too.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // malformed HTTP: answered before any route runs (bad syntax, bad percent-escape, headers too
  // large, a too slow client, an OPTIONS request that is not a valid CORS preflight)
  MALFORMED_REQUEST: 400,
  MALFORMED_URL: 400,
  URL_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  PREFLIGHT_INVALID: 400,
  // wallet and deposits
  AMOUNT_OUT_OF_RANGE: 400,
  CHANNEL_UNAVAILABLE: 400,
  DEPOSIT_NOT_FOUND: 404,
  DEPOSIT_STATE_CONFLICT: 409,
  UTR_ALREADY_USED: 409,
  WEBHOOK_SIGNATURE_INVALID: 401,
  // the payment gateway did not answer or refused to open a payment; retrying later can work
  PAYMENT_GATEWAY_UNAVAILABLE: 503,
  // accounts and sessions
  INVALID_CREDENTIALS: 401,
  PHONE_ALREADY_REGISTERED: 409,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_ATTEMPTS_EXCEEDED: 400,
  // changing the password while signed in: the current password given is not the account's
  // (400, not 401: the session is fine, the client must not sign the player out)
  CURRENT_PASSWORD_WRONG: 400,
  // the SMS gateway did not take the message (after retries); asking again later can work
  SMS_UNAVAILABLE: 503,
  // a browser request from a page of another site (refresh-token checks Origin)
  ORIGIN_NOT_ALLOWED: 403,
  // money (ledger): the transfer would take a player balance below zero; retrying after a
  // deposit can succeed, so it is a conflict with the account's current state, not bad input
  INSUFFICIENT_FUNDS: 409,
  // a money request reused an idempotency key with a different body
  IDEMPOTENCY_CONFLICT: 409,
  // games: the game id is not in the catalog, or cannot be launched right now
  GAME_NOT_FOUND: 404,
  GAME_UNDER_MAINTENANCE: 409,
  // games: the amount a transfer-mode launch moves is not a whole number of minor units above
  // zero, or is more than the main balance (decision 311); nothing moves
  LAUNCH_AMOUNT_INVALID: 400,
  LAUNCH_AMOUNT_OVER_BALANCE: 409,
  // vendor wallet API: a bad or stale signature, or an unknown vendor session
  VENDOR_SIGNATURE_INVALID: 401,
  VENDOR_SESSION_NOT_FOUND: 404,
  // a credit that names no round this player was debited for (or one rolled back), or more than
  // the round's debits times the operator's multiple, or a free round past its caps (decision 193)
  VENDOR_ROUND_NOT_DEBITED: 409,
  VENDOR_CREDIT_ABOVE_LIMIT: 409,
  // lottery rounds and bets (Wingo): the round is in its last seconds, no more bets
  ROUND_LOCKED: 409,
  // the period is not the room's current round (already drawn, or not yet open)
  ROUND_CLOSED: 409,
  // no round with that period exists (yet), or it has not been drawn: nothing to verify
  ROUND_NOT_FOUND: 404,
  ROUND_NOT_DRAWN: 409,
  // the bet breaks the rules or the operator's limits (codes of @colorplay/lottery checkBet)
  AMOUNT_NOT_ALLOWED: 400,
  MULTIPLIER_NOT_ALLOWED: 400,
  QUANTITY_OUT_OF_RANGE: 400,
  BET_BELOW_MINIMUM: 400,
  BET_ABOVE_MAXIMUM: 400,
  // the player's bets in this round would pass the per-round limit
  ROUND_LIMIT_EXCEEDED: 409,
  // the room's hash chain is not published yet (first start): betting opens with it
  ROOM_NOT_READY: 503,
  // USDT recharge: the rate source did not answer (no order without a rate), or the chain's
  // node did not answer (faucet, reading the token); retrying later can work
  USDT_RATE_UNAVAILABLE: 503,
  CHAIN_UNAVAILABLE: 503,
  // withdrawals (docs/payments.md)
  PAYOUT_METHOD_NOT_FOUND: 404,
  // the player already keeps the most payout methods allowed; remove one first
  PAYOUT_METHOD_LIMIT: 409,
  // the payout method's kind cannot be used now (e.g. USDT before that channel exists)
  PAYOUT_METHOD_UNAVAILABLE: 400,
  WITHDRAWAL_NOT_FOUND: 404,
  // the withdrawal's status does not allow this (cancel after processing, approve twice...)
  WITHDRAWAL_STATE_CONFLICT: 409,
  // the player already made the most withdrawals allowed today (IST day)
  WITHDRAWAL_DAILY_LIMIT: 409,
  // part of the amount is deposits not yet played through (wagering lock)
  WAGERING_LOCKED: 409,
  // the same operator cannot give both approvals of the two-person rule
  SECOND_APPROVAL_SAME_OPERATOR: 409,
  // the second approver is linked to the first (one created the other) or was created after the
  // withdrawal was requested: the two-person rule needs two independent people (decision 195)
  SECOND_APPROVER_NOT_INDEPENDENT: 403,
  // an operator enrolment link that is unknown, expired or already used (or opened by someone
  // else first: a started link belongs to its first opener, decision 396)
  ENROLMENT_LINK_INVALID: 404,
  // an admin or finance operator made in the console moves no money and manages no operators
  // until an admin of another origin countersigned it (decision 395)
  OPERATOR_NOT_COUNTERSIGNED: 403,
  // the countersigner created the operator, or shares its origin (the operator at the top of its
  // chain of creators): one person would vouch for themself (decision 395)
  COUNTERSIGN_NOT_INDEPENDENT: 403,
  // KYC: withdrawing needs a verified identity
  KYC_REQUIRED: 403,
  // a submission is pending or already verified
  KYC_ALREADY_SUBMITTED: 409,
  // the date of birth is under the configured age
  KYC_UNDERAGE: 400,
  // the document is not a JPEG, PNG or PDF by its content, or cannot be decoded
  KYC_DOCUMENT_TYPE_INVALID: 400,
  KYC_DOCUMENT_TOO_LARGE: 413,
  KYC_SUBMISSION_NOT_FOUND: 404,
  KYC_STATE_CONFLICT: 409,
  // a payout callback names a withdrawal we never sent to the gateway
  PAYOUT_NOT_FOUND: 404,
  // responsible gambling (decision 210): a deposit over the remaining limit (details: remainingMinor, period, and
  // until: when credits leaving the rolling windows make room for this amount, null when open orders hold it; decision 392)
  DEPOSIT_LIMIT_EXCEEDED: 409,
  // the operator requires a deposit limit before any deposit
  DEPOSIT_LIMIT_REQUIRED: 409,
  // a bet or vendor debit over the stake or loss limit (details: remainingMinor, period)
  STAKE_LIMIT_EXCEEDED: 409,
  LOSS_LIMIT_EXCEEDED: 409,
  // the player is on a break (time-out): no bets, deposits or launches until it ends (details: until)
  PLAYER_ON_BREAK: 403,
  // the player excluded themselves, or the account stays closed after the exclusion (details: until)
  SELF_EXCLUDED: 403,
  // an operator suspended the account (decision 420): no deposits, bets or launches; sign-in, history and withdrawals stay open
  ACCOUNT_SUSPENDED: 403,
  // suspending an account already suspended, or lifting a suspension that is not in force
  ACCOUNT_SUSPENSION_CONFLICT: 409,
  // an operator closed the account for good (decision 440): no deposits, bets or launches; sign-in
  // and history stay open, and withdrawals unless the closure holds the balance (decision 441)
  ACCOUNT_CLOSED: 403,
  // closing an account while money is in a transfer-mode vendor purse (decision 442): it must come back first
  ACCOUNT_CLOSE_FUNDS_AT_VENDOR: 409,
  // a balance adjustment that does not exist, or one already applied (decision 421)
  ADJUSTMENT_NOT_FOUND: 404,
  ADJUSTMENT_STATE_CONFLICT: 409,
  // the operator does not offer this control
  SAFETY_CONTROL_NOT_OFFERED: 403,
  // a change the controls' rules refuse (shortening a break, confirming too early, reopening too early)
  SAFETY_CHANGE_REFUSED: 409,
  // reconciliation (docs/payments.md): a settlement file refused whole (issues name each bad line),
  // an unknown work item, one already resolved, or a credit its kind does not allow
  SETTLEMENT_FILE_INVALID: 400,
  ANNOUNCEMENT_NOT_FOUND: 404,
  RECON_ITEM_NOT_FOUND: 404,
  RECON_ITEM_RESOLVED: 409,
  RECON_CREDIT_NOT_ALLOWED: 409,
  // support tickets (docs/support.md): a ticket that does not exist or is another player's (the
  // same answer, so an id reveals nothing), a change its status does not allow (replying to a
  // resolved ticket, reopening after the reopen window, a second final response), a linked record
  // that is not the player's own, and an attachment refused by the KYC document checks
  SUPPORT_TICKET_NOT_FOUND: 404,
  SUPPORT_STATE_CONFLICT: 409,
  SUPPORT_LINK_INVALID: 400,
  SUPPORT_TOO_MANY_OPEN: 409,
  SUPPORT_ATTACHMENT_TYPE_INVALID: 400,
  SUPPORT_ATTACHMENT_TOO_LARGE: 413,
  // promotions (docs/promotions.md): a withdrawal while a bonus is active, without the player's
  // confirmation that it forfeits the bonus (details: bonusMinor, grants)
  BONUS_FORFEIT_REQUIRED: 409,
  // no offer may reach this player now: no marketing consent, a break, an exclusion, a suspension
  // or closure, or a limit hit in the last 30 days (details: reason)
  PROMOTION_NOT_ELIGIBLE: 403,
  // a second bonus while one is in play: one bonus at a time, so no stake counts toward two (details: grantId)
  BONUS_ALREADY_ACTIVE: 409,
  // the terms version the player accepted is not the current one: show the terms again
  PROMOTION_TERMS_OUTDATED: 409,
  // a gift code that does not exist (the same answer as one never created, so codes cannot be probed apart)
  GIFT_CODE_NOT_FOUND: 404,
  // a gift code paused, expired, or whose budget cannot pay another bonus
  GIFT_CODE_UNAVAILABLE: 409,
  // the player already redeemed this code as many times as it allows
  GIFT_CODE_CAP_REACHED: 409,
  // creating a code that already exists
  GIFT_CODE_EXISTS: 409,
  // today's check-in (an IST calendar day) is done already: one a day
  CHECK_IN_DONE: 409,
  // check-in is paused by the operator or today's budget is spent (details: reason)
  CHECK_IN_UNAVAILABLE: 409,
  // the first-deposit bonus cannot be taken with this order: no offer runs, or the player already
  // has a credited deposit or an opt-in decided (details: reason)
  FIRST_DEPOSIT_OFFER_UNAVAILABLE: 409,
  // a first-deposit offer already runs (not paused, not expired): pause it first (details: offerId)
  FIRST_DEPOSIT_OFFER_RUNNING: 409,
  // no first-deposit offer with this id
  FIRST_DEPOSIT_OFFER_NOT_FOUND: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** One problem with one field of the input, so forms can show it beside that field. */
export const FieldIssueSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, empty for the whole body'),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The single error shape every endpoint answers with. */
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      issues: z.array(FieldIssueSchema).optional(),
      /** Facts a client shows beside the message (e.g. remainingMinor for DEPOSIT_LIMIT_EXCEEDED). */
      details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
