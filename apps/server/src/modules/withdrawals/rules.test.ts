import { describe, expect, it } from 'vitest';
import { approvalsRequired, feeFor, istDay, methodFingerprint, methodSummary, reviewReasons, wageringState } from './rules';
import { step } from './withdrawal-machine';

const now = new Date('2026-11-23T06:00:00Z');

describe('withdrawal state machine', () => {
  it('allows only the documented moves and sets their times', () => {
    expect(step('requested', 'auto_approved', now)).toEqual({ status: 'approved', times: { approved_at: now } });
    expect(step('review', 'player_cancelled', now)).toEqual({ status: 'cancelled', times: { completed_at: now } });
    expect(step('approved', 'sent', now)).toEqual({ status: 'processing', times: { sent_at: now } });
    expect(step('processing', 'gateway_paid', now)).toEqual({ status: 'paid', times: { paid_at: now, completed_at: now } });
    expect(step('paid', 'gateway_reversed', now)?.status).toBe('failed_after_paid');
    for (const [status, event] of [
      ['approved', 'player_cancelled'],
      ['processing', 'operator_rejected'],
      ['paid', 'gateway_failed'],
      ['cancelled', 'operator_approved'],
      ['failed', 'gateway_paid'],
      ['requested', 'operator_approved'],
    ] as const) {
      expect(step(status, event, now), `${status} + ${event}`).toBeNull();
    }
  });
});

describe('withdrawal rules', () => {
  it('computes the fee in integers and the IST day', () => {
    expect(feeFor(20_000, { feeFixedMinor: 500, feeBps: 100 })).toBe(700);
    expect(feeFor(333, { feeFixedMinor: 0, feeBps: 150 })).toBe(4);
    expect(istDay(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(istDay(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
  });

  it('locks what deposits still need to be played, up to the balance', () => {
    expect(wageringState({ balanceMinor: 50_000, depositedMinor: 50_000, netStakedMinor: 0, factor: 1 })).toEqual({ lockedMinor: 50_000, remainingToPlayMinor: 50_000, withdrawableMinor: 0 });
    expect(wageringState({ balanceMinor: 90_000, depositedMinor: 50_000, netStakedMinor: 60_000, factor: 1 })).toEqual({ lockedMinor: 0, remainingToPlayMinor: 0, withdrawableMinor: 90_000 });
    expect(wageringState({ balanceMinor: 10_000, depositedMinor: 50_000, netStakedMinor: 10_000, factor: 2 })).toEqual({ lockedMinor: 10_000, remainingToPlayMinor: 90_000, withdrawableMinor: 0 });
    expect(wageringState({ balanceMinor: 10_000, depositedMinor: 50_000, netStakedMinor: 0, factor: 0 }).withdrawableMinor).toBe(10_000);
  });

  it('names the reasons for review and the approvals needed', () => {
    const s = { autoApproveMaxMinor: 200_000, newMethodHoldHours: 24 };
    const old = new Date(now.getTime() - 48 * 3_600_000);
    expect(reviewReasons({ amountMinor: 100_000, settings: s, hasPaidWithdrawal: true, methodCreatedAt: old, now })).toEqual([]);
    expect(reviewReasons({ amountMinor: 300_000, settings: s, hasPaidWithdrawal: false, methodCreatedAt: now, now })).toEqual([
      'amount_above_auto_limit',
      'risk_flag:first_withdrawal',
      'risk_flag:new_payout_method',
    ]);
    expect(reviewReasons({ amountMinor: 1, settings: { ...s, autoApproveMaxMinor: 0 }, hasPaidWithdrawal: true, methodCreatedAt: old, now })).toEqual(['auto_payout_off']);
    expect(approvalsRequired(2_499_999, { secondApprovalMinor: 2_500_000 })).toBe(1);
    expect(approvalsRequired(2_500_000, { secondApprovalMinor: 2_500_000 })).toBe(2);
  });

  it('summarises and fingerprints methods without showing whole account numbers', () => {
    expect(methodSummary({ kind: 'bank', accountHolder: 'A B', accountNumber: '123456789012', ifsc: 'HDFC0001234' })).toBe('HDFC0001234 ••••9012');
    expect(methodSummary({ kind: 'usdt', address: `0x${'ab'.repeat(20)}` })).toBe('0xabab…abab');
    expect(methodFingerprint({ kind: 'upi', vpa: 'Asha@OKAXIS' })).toBe(methodFingerprint({ kind: 'upi', vpa: 'asha@okaxis' }));
  });
});
