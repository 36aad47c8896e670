import type { KycStatus, PayoutMethod, WithdrawInfo, Withdrawal } from '@colorplay/contract';

/** Test helper (imported only by tests): withdrawal and KYC fixtures, answered by the shared fetch stub. */

export { stubApi as stubWithdrawApi, type RecordedCall } from './fake-api';

export function makeWithdrawInfo(overrides: Partial<WithdrawInfo> = {}): WithdrawInfo {
  return {
    currency: 'INR',
    balanceMinor: 800_00,
    withdrawableMinor: 500_00,
    wageringLockedMinor: 300_00,
    wagering: { factor: 1, remainingToPlayMinor: 300_00, lockReason: 'wagering' },
    minMinor: 100_00,
    maxMinor: 50_000_00,
    dailyCountLimit: 3,
    dailyCountLeft: 2,
    feeFixedMinor: 0,
    feeBps: 0,
    kycStatus: 'verified',
    methodKinds: ['upi', 'bank'],
    sandbox: true,
    ...overrides,
  };
}

export function makeMethod(overrides: Partial<PayoutMethod> = {}): PayoutMethod {
  return {
    id: 'pm_upi0000001',
    kind: 'upi',
    summary: 'player@okbank',
    details: { kind: 'upi', vpa: 'player@okbank' },
    createdAt: '2026-01-15T04:00:00.000Z',
    ...overrides,
  };
}

export function makeKyc(overrides: Partial<KycStatus> = {}): KycStatus {
  return {
    status: 'none',
    rejectionReason: null,
    submittedAt: null,
    decidedAt: null,
    fullName: null,
    panMasked: null,
    submissionId: null,
    minAgeYears: 18,
    maxDocumentBytes: 2 * 1024 * 1024,
    documentTypes: ['image/jpeg', 'image/png', 'application/pdf'],
    ...overrides,
  };
}

export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 'wd_test000001',
    amountMinor: 200_00,
    feeMinor: 0,
    netAmountMinor: 200_00,
    currency: 'INR',
    status: 'review',
    method: { id: 'pm_upi0000001', kind: 'upi', summary: 'player@okbank' },
    cancellable: true,
    failureReason: null,
    rejectionReason: null,
    createdAt: '2026-01-15T18:40:05.000Z',
    updatedAt: '2026-01-15T18:40:05.000Z',
    approvedAt: null,
    paidAt: null,
    completedAt: null,
    ...overrides,
  };
}
