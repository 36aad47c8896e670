import type { Deposit, DepositInfo, Wallet } from '@colorplay/contract';

/** Test helper (imported only by *.test.tsx): wallet fixtures over the shared fetch stub. */

export { jsonResponse, stubApi as stubWalletApi, type RecordedCall } from './fake-api';

export const DEPOSIT_INFO: DepositInfo = {
  currency: 'INR',
  expiryMinutes: 15,
  sandbox: true,
  channels: [
    { channel: 'upi', enabled: true, minMinor: 100_00, maxMinor: 50_000_00, presetsMinor: [100_00, 500_00, 1_000_00] },
    { channel: 'usdt', enabled: false, minMinor: 0, maxMinor: 0, presetsMinor: [] },
  ],
};

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return { currency: 'INR', totalMinor: 0, mainMinor: 0, vendors: [], ...overrides };
}

export function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  const id = overrides.id ?? 'dep_test000001';
  return {
    id,
    channel: 'upi',
    amountMinor: 500_00,
    currency: 'INR',
    status: 'pending_payment',
    payeeVpa: 'colorplay.sandbox@upi',
    upiLink: `upi://pay?pa=colorplay.sandbox%40upi&pn=Colorplay&am=500.00&cu=INR&tr=${id}`,
    paymentUrl: '/sandbox/upi/pay/sbx_abcdef',
    utr: null,
    failureReason: null,
    createdAt: '2026-01-15T04:30:00.000Z',
    expiresAt: '2026-01-15T04:45:00.000Z',
    completedAt: null,
    ...overrides,
  };
}
