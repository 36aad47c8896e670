import type { ErrorCode } from '@colorplay/contract';
import { ApiError, type ClientErrorCode } from './api-client';
import { formatMoneyMinor } from './format';
import type { MessageKey, PlainMessageKey, Translate } from './i18n';

/**
 * Codes whose message is "something went wrong" (the fallback of apiErrorMessage): answers to
 * malformed HTTP the app never sends, a vendor's or a webhook's failures a player never causes,
 * and console-only codes the console words itself. Listed as a type, so the map below stays
 * exhaustive (a new code does not compile until it is here or there) at no cost in the bundle.
 */
type GenericCode =
  | 'MALFORMED_JSON'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'METHOD_NOT_ALLOWED'
  | 'INTERNAL'
  | 'MALFORMED_REQUEST'
  | 'MALFORMED_URL'
  | 'URL_TOO_LONG'
  | 'HEADERS_TOO_LARGE'
  | 'PREFLIGHT_INVALID'
  | 'WEBHOOK_SIGNATURE_INVALID'
  | 'VENDOR_SIGNATURE_INVALID'
  | 'VENDOR_SESSION_NOT_FOUND'
  | 'VENDOR_ROUND_NOT_DEBITED'
  | 'VENDOR_CREDIT_ABOVE_LIMIT'
  | 'RECON_ITEM_NOT_FOUND'
  | 'UNEXPECTED_RESPONSE'
  | 'SETTLEMENT_FILE_INVALID'
  | 'RECON_ITEM_RESOLVED'
  | 'RECON_CREDIT_NOT_ALLOWED'
  | 'OPERATOR_NOT_COUNTERSIGNED'
  | 'COUNTERSIGN_NOT_INDEPENDENT'
  // The Help page (a lazy chunk) words the support codes itself, in its own dictionary.
  | 'SUPPORT_TICKET_NOT_FOUND'
  | 'SUPPORT_STATE_CONFLICT'
  | 'SUPPORT_LINK_INVALID'
  | 'SUPPORT_TOO_MANY_OPEN'
  | 'SUPPORT_ATTACHMENT_TYPE_INVALID'
  | 'SUPPORT_ATTACHMENT_TOO_LARGE'
  // Promotions (docs/promotions.md): the Activity tab and the withdraw screen's forfeit dialog
  // (lazy chunks) word them in their own dictionaries, which `/` does not carry.
  | 'BONUS_FORFEIT_REQUIRED'
  | 'BONUS_ALREADY_ACTIVE'
  | 'PROMOTION_NOT_ELIGIBLE'
  | 'PROMOTION_TERMS_OUTDATED'
  | 'GIFT_CODE_NOT_FOUND'
  | 'GIFT_CODE_UNAVAILABLE'
  | 'GIFT_CODE_CAP_REACHED'
  | 'GIFT_CODE_EXISTS'
  // The check-in card (a lazy chunk) words these itself, from today's state it reads again.
  | 'CHECK_IN_DONE'
  | 'CHECK_IN_UNAVAILABLE'
  // The first-deposit bonus: the recharge page words a refused opt-in itself (wallet strings); the
  // console words its offers' codes.
  | 'FIRST_DEPOSIT_OFFER_UNAVAILABLE'
  | 'FIRST_DEPOSIT_OFFER_RUNNING'
  | 'FIRST_DEPOSIT_OFFER_NOT_FOUND';

/**
 * The one mapping from a failed call to the message the player reads: by the contract's stable
 * error code (a `Record` over every code, so a new code does not compile until it has a message).
 */
const MESSAGE_BY_CODE: Record<Exclude<ErrorCode | ClientErrorCode, GenericCode>, PlainMessageKey> = {
  VALIDATION_FAILED: 'apiError.validation',
  UNAUTHORIZED: 'apiError.session',
  FORBIDDEN: 'apiError.forbidden',
  NOT_FOUND: 'apiError.notFound',
  CONFLICT: 'apiError.conflict',
  RATE_LIMITED: 'apiError.rateLimited', // with Retry-After minutes, see apiErrorMessage
  SERVICE_UNAVAILABLE: 'apiError.unavailable',
  REQUEST_TIMEOUT: 'apiError.network',
  AMOUNT_OUT_OF_RANGE: 'apiError.amount',
  CHANNEL_UNAVAILABLE: 'apiError.channel',
  DEPOSIT_NOT_FOUND: 'apiError.depositNotFound',
  DEPOSIT_STATE_CONFLICT: 'apiError.depositState',
  UTR_ALREADY_USED: 'apiError.utrUsed',
  // The gateway did not answer: trying again later can work.
  PAYMENT_GATEWAY_UNAVAILABLE: 'apiError.unavailable',
  INVALID_CREDENTIALS: 'apiError.credentials',
  CURRENT_PASSWORD_WRONG: 'apiError.currentPassword',
  PHONE_ALREADY_REGISTERED: 'apiError.phoneTaken',
  OTP_INVALID: 'apiError.otpInvalid',
  OTP_EXPIRED: 'apiError.otpExpired',
  OTP_ATTEMPTS_EXCEEDED: 'apiError.otpAttempts',
  SMS_UNAVAILABLE: 'apiError.smsUnavailable',
  ORIGIN_NOT_ALLOWED: 'apiError.origin',
  INSUFFICIENT_FUNDS: 'apiError.insufficientFunds',
  IDEMPOTENCY_CONFLICT: 'apiError.idempotency',
  GAME_NOT_FOUND: 'apiError.gameNotFound',
  GAME_UNDER_MAINTENANCE: 'lobby.maintenance',
  // Met on the launch page (its own HTML refusal), not by the app's calls.
  LAUNCH_AMOUNT_INVALID: 'apiError.validation',
  LAUNCH_AMOUNT_OVER_BALANCE: 'apiError.insufficientFunds',
  // Only vendors call the signed wallet API; a player never meets these.
  // Wingo's codes get their own texts in the Wingo chunk (features/lottery/errors.ts, decision
  // 120); these general ones are the fallback wherever else they might surface, and keep the
  // `/` bundle's dictionary from growing.
  ROUND_LOCKED: 'apiError.conflict',
  ROUND_CLOSED: 'apiError.conflict',
  ROUND_NOT_FOUND: 'apiError.notFound',
  ROUND_NOT_DRAWN: 'apiError.conflict',
  AMOUNT_NOT_ALLOWED: 'apiError.validation',
  MULTIPLIER_NOT_ALLOWED: 'apiError.validation',
  QUANTITY_OUT_OF_RANGE: 'apiError.validation',
  BET_BELOW_MINIMUM: 'apiError.validation',
  BET_ABOVE_MAXIMUM: 'apiError.validation',
  ROUND_LIMIT_EXCEEDED: 'apiError.validation',
  ROOM_NOT_READY: 'apiError.unavailable',
  USDT_RATE_UNAVAILABLE: 'apiError.unavailable',
  CHAIN_UNAVAILABLE: 'apiError.unavailable',
  // Withdrawals and KYC: generic texts here keep the entry bundle small; the lazily loaded
  // withdraw screens show their own specific messages for these codes.
  PAYOUT_METHOD_NOT_FOUND: 'apiError.notFound',
  PAYOUT_METHOD_LIMIT: 'apiError.conflict',
  PAYOUT_METHOD_UNAVAILABLE: 'apiError.channel',
  WITHDRAWAL_NOT_FOUND: 'apiError.notFound',
  WITHDRAWAL_STATE_CONFLICT: 'apiError.conflict',
  WITHDRAWAL_DAILY_LIMIT: 'apiError.conflict',
  WAGERING_LOCKED: 'apiError.insufficientFunds',
  SECOND_APPROVAL_SAME_OPERATOR: 'apiError.forbidden',
  SECOND_APPROVER_NOT_INDEPENDENT: 'apiError.forbidden',
  ENROLMENT_LINK_INVALID: 'apiError.notFound',
  KYC_REQUIRED: 'apiError.forbidden',
  KYC_ALREADY_SUBMITTED: 'apiError.conflict',
  KYC_UNDERAGE: 'apiError.validation',
  KYC_DOCUMENT_TYPE_INVALID: 'apiError.validation',
  KYC_DOCUMENT_TOO_LARGE: 'apiError.validation',
  KYC_SUBMISSION_NOT_FOUND: 'apiError.notFound',
  KYC_STATE_CONFLICT: 'apiError.conflict',
  PAYOUT_NOT_FOUND: 'apiError.notFound',
  ANNOUNCEMENT_NOT_FOUND: 'apiError.notFound',
  // Responsible gambling (decision 210): with the remaining amount or the end, see apiErrorMessage.
  DEPOSIT_LIMIT_EXCEEDED: 'apiError.limitReached',
  DEPOSIT_LIMIT_REQUIRED: 'apiError.depositLimitRequired',
  STAKE_LIMIT_EXCEEDED: 'apiError.limitReached',
  LOSS_LIMIT_EXCEEDED: 'apiError.limitReached',
  PLAYER_ON_BREAK: 'apiError.onBreak',
  SELF_EXCLUDED: 'apiError.selfExcluded',
  ACCOUNT_SUSPENDED: 'apiError.suspended',
  ACCOUNT_SUSPENSION_CONFLICT: 'apiError.conflict',
  ACCOUNT_CLOSED: 'apiError.closed',
  ACCOUNT_CLOSE_FUNDS_AT_VENDOR: 'apiError.conflict',
  ADJUSTMENT_NOT_FOUND: 'apiError.notFound',
  ADJUSTMENT_STATE_CONFLICT: 'apiError.conflict',
  SAFETY_CONTROL_NOT_OFFERED: 'apiError.forbidden',
  SAFETY_CHANGE_REFUSED: 'apiError.conflict',
  NETWORK: 'apiError.network',
  TIMEOUT: 'apiError.network',
  ABORTED: 'apiError.network',
};

/** A message to show: its key and, for a message with placeholders, their values. */
export type MessageRef = { key: PlainMessageKey } | { key: MessageKey; params: Record<string, string | number> };

/** The message for any failure (an ApiError by its code; anything else is "something went wrong"). */
export function apiErrorMessage(err: unknown): MessageRef {
  if (!(err instanceof ApiError)) return { key: 'apiError.generic' };
  if (err.code === 'RATE_LIMITED') {
    // The wait is given in whole minutes, at least one; without Retry-After, one minute.
    return { key: 'apiError.rateLimitedFor', params: { minutes: Math.max(1, Math.ceil((err.retryAfterSeconds ?? 60) / 60)) } };
  }
  const remaining = err.details?.remainingMinor;
  if (typeof remaining === 'number') {
    const key = err.code === 'DEPOSIT_LIMIT_EXCEEDED' ? 'apiError.depositLimit' : err.code === 'STAKE_LIMIT_EXCEEDED' ? 'apiError.stakeLimit' : 'apiError.lossLimit';
    return { key, params: { remaining: formatMoneyMinor(remaining) } };
  }
  return { key: MESSAGE_BY_CODE[err.code as keyof typeof MESSAGE_BY_CODE] ?? 'apiError.generic' };
}

/** Puts a MessageRef into words. */
export function messageText(t: Translate, ref: MessageRef): string {
  // The params were built for this key where the ref was made; `t` checks them by key type only.
  const loose = t as (key: MessageKey, params?: Record<string, string | number>) => string;
  return 'params' in ref ? loose(ref.key, ref.params) : loose(ref.key);
}
