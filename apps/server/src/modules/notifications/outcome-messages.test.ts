import type { DomainEvent, DomainEventPayload, WithdrawalStatus } from '@colorplay/contract';
import { WITHDRAWAL_STATUSES } from '@colorplay/contract';
import { describe, expect, it } from 'vitest';
import { kycMessage } from './kyc-messages';
import { withdrawalMessage } from './withdrawal-messages';

const withdrawal = (status: WithdrawalStatus, over: Partial<DomainEventPayload<'WithdrawalStatusChanged'>> = {}): DomainEvent<'WithdrawalStatusChanged'> => ({
  id: 'evt_w',
  name: 'WithdrawalStatusChanged',
  occurredAt: '2026-11-23T06:00:00.000Z',
  payload: { withdrawalId: 'wd_1', playerId: 7, amountMinor: 20_000, feeMinor: 700, currency: 'INR', status, reason: null, ...over },
});

describe('withdrawal inbox messages', () => {
  it('has a message for each outcome and none for the steps between', () => {
    const titled = Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, withdrawalMessage(withdrawal(s))?.title ?? null]));
    expect(titled).toEqual({
      requested: null,
      review: null,
      approved: 'Withdrawal approved',
      processing: null,
      paid: 'Withdrawal paid',
      failed: 'Withdrawal failed',
      cancelled: null,
      rejected: 'Withdrawal rejected',
      failed_after_paid: 'Withdrawal returned',
    });
  });

  it('says in rupees what was sent after the fee, and leaves the fee out when there is none', () => {
    expect(withdrawalMessage(withdrawal('paid'))!.body).toBe(
      '₹193.00 was sent to your account for your withdrawal of ₹200.00 (wd_1), after a ₹7.00 fee.',
    );
    expect(withdrawalMessage(withdrawal('paid', { feeMinor: 0, amountMinor: 123_45 }))!.body).toBe('₹123.45 was sent to your account for your withdrawal wd_1.');
  });

  it("gives the operator's or the gateway's reason, and no empty reason", () => {
    expect(withdrawalMessage(withdrawal('rejected', { reason: 'Name does not match the bank account' }))!.body).toBe(
      'Your withdrawal of ₹200.00 (wd_1) was rejected and ₹200.00 is back in your wallet. Reason: Name does not match the bank account',
    );
    expect(withdrawalMessage(withdrawal('failed', { reason: 'Beneficiary bank offline' }))!.body).toBe(
      'Your withdrawal of ₹200.00 (wd_1) could not be paid out and ₹200.00 is back in your wallet. Reason: Beneficiary bank offline',
    );
    expect(withdrawalMessage(withdrawal('failed_after_paid', { reason: 'Account closed' }))!.body).toBe(
      'The bank returned the payout of your withdrawal wd_1 and ₹200.00, fee included, is back in your wallet. Reason: Account closed',
    );
    expect(withdrawalMessage(withdrawal('failed', { reason: '  ' }))!.body).not.toContain('Reason');
    expect(withdrawalMessage(withdrawal('rejected'))!.body).not.toContain('Reason');
  });
});

describe('KYC inbox messages', () => {
  const kyc = (status: 'pending' | 'verified' | 'rejected', reason: string | null = null): DomainEvent<'KycStatusChanged'> => ({
    id: 'evt_k',
    name: 'KycStatusChanged',
    occurredAt: '2026-11-23T06:00:00.000Z',
    payload: { submissionId: 'kyc_1', playerId: 7, status, reason },
  });

  it('tells of a decision, with the reason of a rejection, and not of the submission', () => {
    expect(kycMessage(kyc('pending'))).toBeNull();
    expect(kycMessage(kyc('verified'))).toEqual({ title: 'Identity verified', body: 'Your identity check was accepted. You can now withdraw from your wallet.' });
    expect(kycMessage(kyc('rejected', 'Photo is blurred'))).toEqual({
      title: 'Identity check not accepted',
      body: 'Your identity check was not accepted. You can submit your details again from the withdraw page. Reason: Photo is blurred',
    });
  });
});
