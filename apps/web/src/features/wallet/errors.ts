import { ApiError } from '../../lib/api-client';
import type { PlainMessageKey } from '../../lib/i18n';

/**
 * The message key for a failed wallet call. Server messages are English only and not shown
 * as-is (docs/decisions/011): the code decides the text.
 */
export function walletErrorKey(err: unknown): PlainMessageKey {
  if (!(err instanceof ApiError)) return 'deposit.error.generic';
  switch (err.code) {
    case 'NETWORK':
    case 'TIMEOUT':
    case 'PAYMENT_GATEWAY_UNAVAILABLE': // the gateway did not answer: trying again later can work
      return 'deposit.error.network';
    case 'AMOUNT_OUT_OF_RANGE':
      return 'deposit.error.amount';
    case 'CHANNEL_UNAVAILABLE':
      return 'deposit.error.channel';
    case 'DEPOSIT_NOT_FOUND':
    case 'NOT_FOUND':
      return 'payment.notFound';
    case 'DEPOSIT_STATE_CONFLICT':
      return 'deposit.error.state';
    case 'UTR_ALREADY_USED':
      return 'deposit.error.utrUsed';
    case 'RATE_LIMITED':
      return 'deposit.error.rateLimited';
    default:
      return 'deposit.error.generic';
  }
}
