import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { ApiError } from '../../lib/api-client';
import type { PlainMessageKey, Translate } from '../../lib/i18n';
import './i18n';

/** Wingo's own error texts by contract code; every other code reads as everywhere else. */
const WINGO_ERROR: Partial<Record<string, PlainMessageKey>> = {
  ROUND_LOCKED: 'wingo.error.roundLocked',
  ROUND_CLOSED: 'wingo.error.roundClosed',
  AMOUNT_NOT_ALLOWED: 'wingo.error.limits',
  MULTIPLIER_NOT_ALLOWED: 'wingo.error.limits',
  QUANTITY_OUT_OF_RANGE: 'wingo.error.limits',
  BET_BELOW_MINIMUM: 'wingo.error.limits',
  BET_ABOVE_MAXIMUM: 'wingo.error.limits',
  ROUND_LIMIT_EXCEEDED: 'wingo.error.roundLimit',
  ROOM_NOT_READY: 'wingo.error.notReady',
};

export function wingoErrorText(err: unknown, t: Translate): string {
  const own = err instanceof ApiError ? WINGO_ERROR[err.code] : undefined;
  return own ? t(own) : messageText(t, apiErrorMessage(err));
}
