import type { DomainEvent } from '@colorplay/contract';
import { rupees } from './deposit-messages';

type Message = { title: string; body: string };

/** "Reason: …" after a message when the operator or the gateway gave one. */
const because = (reason: string | null) => (reason && reason.trim() !== '' ? ` Reason: ${reason.trim()}` : '');

/**
 * The inbox message a player gets when their withdrawal reaches an outcome they care about, or
 * null for a step they need not hear of: their own request and cancel (they just did it), the
 * review queue, and the hand-over to the gateway (approved already told them it is on its way).
 */
export function withdrawalMessage(event: DomainEvent<'WithdrawalStatusChanged'>): Message | null {
  const { withdrawalId, amountMinor, feeMinor, status, reason } = event.payload;
  const amount = `₹${rupees(amountMinor)}`;
  switch (status) {
    case 'approved':
      return { title: 'Withdrawal approved', body: `Your withdrawal of ${amount} (${withdrawalId}) was approved and is on its way to your account.` };
    case 'paid':
      return {
        title: 'Withdrawal paid',
        body:
          feeMinor > 0
            ? `₹${rupees(amountMinor - feeMinor)} was sent to your account for your withdrawal of ${amount} (${withdrawalId}), after a ₹${rupees(feeMinor)} fee.`
            : `${amount} was sent to your account for your withdrawal ${withdrawalId}.`,
      };
    case 'rejected':
      return { title: 'Withdrawal rejected', body: `Your withdrawal of ${amount} (${withdrawalId}) was rejected and ${amount} is back in your wallet.${because(reason)}` };
    case 'failed':
      return { title: 'Withdrawal failed', body: `Your withdrawal of ${amount} (${withdrawalId}) could not be paid out and ${amount} is back in your wallet.${because(reason)}` };
    case 'failed_after_paid':
      return {
        title: 'Withdrawal returned',
        body: `The bank returned the payout of your withdrawal ${withdrawalId} and ${amount}, fee included, is back in your wallet.${because(reason)}`,
      };
    case 'requested':
    case 'review':
    case 'processing':
    case 'cancelled':
      return null;
  }
}
