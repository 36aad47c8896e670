import { inboxMessage, type DomainEvent, type InboxMessage } from '@colorplay/contract';

/**
 * What the inbox says about each event, as a key and its parameters (decision 457): the words
 * live in the web's English and Hindi dictionaries, so a player reads them in the language they
 * chose, even a message written before they switched. A step the player need not hear of has no
 * message (null).
 */

type DepositEvent = DomainEvent<'DepositSucceeded' | 'DepositFailed' | 'DepositExpired'>;

/** The message a player gets for what happened to their recharge. */
export function depositMessage(event: DepositEvent): InboxMessage {
  const { orderId, amountMinor } = event.payload;
  const key = ({ DepositSucceeded: 'depositSucceeded', DepositFailed: 'depositFailed', DepositExpired: 'depositExpired' } as const)[event.name];
  return inboxMessage(key, { orderId, amountMinor });
}

/** The operator's or the gateway's reason as written, or null when none was given. */
const given = (reason: string | null) => (reason && reason.trim() !== '' ? reason.trim() : null);

/**
 * The message a player gets when their withdrawal reaches an outcome they care about, or null
 * for a step they need not hear of: their own request and cancel (they just did it), the review
 * queue, and the hand-over to the gateway (approved already told them it is on its way).
 */
export function withdrawalMessage(event: DomainEvent<'WithdrawalStatusChanged'>): InboxMessage | null {
  const { withdrawalId, amountMinor, feeMinor, status, reason } = event.payload;
  switch (status) {
    case 'approved':
      return inboxMessage('withdrawalApproved', { withdrawalId, amountMinor });
    case 'paid':
      return feeMinor > 0
        ? inboxMessage('withdrawalPaidAfterFee', { withdrawalId, amountMinor, feeMinor })
        : inboxMessage('withdrawalPaid', { withdrawalId, amountMinor });
    case 'rejected':
      return inboxMessage('withdrawalRejected', { withdrawalId, amountMinor, reason: given(reason) });
    case 'failed':
      return inboxMessage('withdrawalFailed', { withdrawalId, amountMinor, reason: given(reason) });
    case 'failed_after_paid':
      return inboxMessage('withdrawalReturned', { withdrawalId, amountMinor, reason: given(reason) });
    case 'requested':
    case 'review':
    case 'processing':
    case 'cancelled':
      return null;
  }
}

/**
 * The message a player gets when an operator decides their identity check, or null for the
 * submission itself (the player just sent it, and the screen says it is under review).
 */
export function kycMessage(event: DomainEvent<'KycStatusChanged'>): InboxMessage | null {
  const { status, reason } = event.payload;
  switch (status) {
    case 'verified':
      return inboxMessage('kycVerified', {});
    case 'rejected':
      return inboxMessage('kycRejected', { reason: given(reason) });
    case 'pending':
      return null;
  }
}
