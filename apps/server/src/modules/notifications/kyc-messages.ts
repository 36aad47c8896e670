import type { DomainEvent } from '@colorplay/contract';

/**
 * The inbox message a player gets when an operator decides their identity check, or null for
 * the submission itself (the player just sent it, and the screen says it is under review).
 */
export function kycMessage(event: DomainEvent<'KycStatusChanged'>): { title: string; body: string } | null {
  const { status, reason } = event.payload;
  switch (status) {
    case 'verified':
      return { title: 'Identity verified', body: 'Your identity check was accepted. You can now withdraw from your wallet.' };
    case 'rejected':
      return {
        title: 'Identity check not accepted',
        body: `Your identity check was not accepted. You can submit your details again from the withdraw page.${reason && reason.trim() !== '' ? ` Reason: ${reason.trim()}` : ''}`,
      };
    case 'pending':
      return null;
  }
}
