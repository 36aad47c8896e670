import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_NAMES, DomainEventSchema } from './events';

describe('the cross-process event schema', () => {
  it('knows every domain event, so the Redis bus drops none of them as malformed', () => {
    const names = DomainEventSchema.options.map((o) => o.shape.name.value);
    expect([...names].sort()).toEqual([...DOMAIN_EVENT_NAMES].sort());
  });

  it('accepts a withdrawal outcome and a KYC decision with their reasons, and refuses a KYC status of none', () => {
    const envelope = { id: 'evt_abc', occurredAt: '2026-11-23T06:00:00.000Z' };
    expect(
      DomainEventSchema.safeParse({
        ...envelope,
        name: 'WithdrawalStatusChanged',
        payload: { withdrawalId: 'wd_1', playerId: 3, amountMinor: 20_000, feeMinor: 700, currency: 'INR', status: 'rejected', reason: 'Name does not match' },
      }).success,
    ).toBe(true);
    const kyc = (status: string) => ({ ...envelope, name: 'KycStatusChanged', payload: { submissionId: 'kyc_1', playerId: 3, status, reason: null } });
    expect(DomainEventSchema.safeParse(kyc('verified')).success).toBe(true);
    expect(DomainEventSchema.safeParse(kyc('none')).success).toBe(false);
  });
});
