import type { ErrorCode } from '@colorplay/contract';
import { ApiError } from '../../lib/api-client';
import type { MessageRef } from '../../lib/api-errors';
import type { PlainMessageKey } from '../../lib/i18n';
import '../../lib/withdraw-texts';

/**
 * The withdrawal and KYC error codes read generically in `lib/api-errors.ts` (which ships with
 * `/`); these screens say what happened in their own words.
 */
const OWN: Partial<Record<ErrorCode, PlainMessageKey>> = {
  PAYOUT_METHOD_LIMIT: 'withdrawError.methodLimit',
  PAYOUT_METHOD_UNAVAILABLE: 'withdrawError.methodUnavailable',
  PAYOUT_METHOD_NOT_FOUND: 'withdrawError.methodNotFound',
  WITHDRAWAL_STATE_CONFLICT: 'withdrawError.stateConflict',
  WITHDRAWAL_DAILY_LIMIT: 'withdrawError.dailyLimit',
  WAGERING_LOCKED: 'withdrawError.wageringLocked',
  INSUFFICIENT_FUNDS: 'withdrawError.insufficient',
  KYC_REQUIRED: 'withdrawError.kycRequired',
  KYC_ALREADY_SUBMITTED: 'withdrawError.kycAlready',
  KYC_DOCUMENT_TYPE_INVALID: 'kyc.error.documentType',
};

/** This area's own message for a failure, or null when the general one fits. */
export function ownErrorRef(err: unknown): MessageRef | null {
  const key = err instanceof ApiError ? OWN[err.code as ErrorCode] : undefined;
  return key ? { key } : null;
}
