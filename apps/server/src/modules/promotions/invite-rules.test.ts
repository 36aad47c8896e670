import { describe, expect, it } from 'vitest';
import { DEFAULT_INVITE_SETTINGS, capWindowStart, hasPlayed, inviteCodeOf, inviteStep, uidOfInviteCode } from './invite-rules';

describe('invite rules', () => {
  it('reads a typed code as a UID only when it can be one', () => {
    expect(uidOfInviteCode(inviteCodeOf(48_213_907))).toBe(48_213_907);
    expect(uidOfInviteCode(' 48213907 ')).toBe(48_213_907);
    for (const typed of ['PROMO2026', '1234567', '012345678', '123456789', '', null, undefined]) expect(uidOfInviteCode(typed)).toBeNull();
  });

  it('counts play by net exposure: hedged stakes do not count', () => {
    expect(hasPlayed(500_00, 490_00, { minPlayMinor: 200_00 })).toBe(false);
    expect(hasPlayed(200_00, 0, { minPlayMinor: 200_00 })).toBe(true);
    expect(hasPlayed(199_99, 0, { minPlayMinor: 200_00 })).toBe(false);
  });

  it('gives the furthest step reached, and the cap window', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(inviteStep({ kyc_passed_at: null, played_at: null, outcome: 'pending' })).toBe('joined');
    expect(inviteStep({ kyc_passed_at: at, played_at: null, outcome: 'pending' })).toBe('kyc_passed');
    expect(inviteStep({ kyc_passed_at: at, played_at: at, outcome: 'missed' })).toBe('played');
    expect(inviteStep({ kyc_passed_at: at, played_at: at, outcome: 'rewarded' })).toBe('rewarded');
    expect(capWindowStart(at, DEFAULT_INVITE_SETTINGS).toISOString()).toBe('2026-10-24T10:00:00.000Z');
  });
});
