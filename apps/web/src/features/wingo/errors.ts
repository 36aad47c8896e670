import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { ApiError } from '../../lib/api-client';
import type { Translate } from '../../lib/i18n';
import type { WingoMessageKey, WingoTranslate } from './i18n';

/** Wingo's own error texts by contract code; every other code reads as everywhere else. */
const WINGO_ERROR: Partial<Record<string, WingoMessageKey>> = {
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

export function wingoErrorText(err: unknown, t: Translate, wt: WingoTranslate): string {
  const own = err instanceof ApiError ? WINGO_ERROR[err.code] : undefined;
  return own ? wt(own as 'wingo.error.limits') : messageText(t, apiErrorMessage(err));
}
