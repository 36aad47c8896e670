import { DEPOSIT_STATUSES, type DepositStatus } from '@colorplay/contract';
import { describe, expect, it } from 'vitest';
import { step, type DepositEvent } from './deposit-machine';

const allowed: [DepositStatus, DepositEvent, DepositStatus][] = [
  ['created', 'opened', 'pending_payment'],
  ['pending_payment', 'utr_submitted', 'utr_submitted'],
  ['pending_payment', 'gateway_paid', 'succeeded'],
  ['utr_submitted', 'gateway_paid', 'succeeded'],
  ['cancelled', 'gateway_paid', 'succeeded'],
  ['expired', 'gateway_paid', 'succeeded'],
  ['pending_payment', 'gateway_declined', 'failed'],
  ['utr_submitted', 'gateway_declined', 'failed'],
  ['utr_submitted', 'operator_approved', 'succeeded'],
  ['utr_submitted', 'operator_rejected', 'failed'],
  ['created', 'player_cancelled', 'cancelled'],
  ['pending_payment', 'player_cancelled', 'cancelled'],
  ['created', 'timed_out', 'expired'],
  ['pending_payment', 'timed_out', 'expired'],
  ['pending_payment', 'review_needed', 'utr_submitted'],
  ['cancelled', 'review_needed', 'utr_submitted'],
  ['expired', 'review_needed', 'utr_submitted'],
  // A payment opened at the gateway but never recorded on our side (crash) still settles.
  ['created', 'gateway_paid', 'succeeded'],
  ['created', 'gateway_declined', 'failed'],
  ['created', 'review_needed', 'utr_submitted'],
  // Money reported after a decline goes to a person, never straight to credit.
  ['failed', 'paid_after_failure', 'utr_submitted'],
  // An operator credits what a gateway's settlement file reports paid (decision 416).
  ['created', 'settlement_confirmed', 'succeeded'],
  ['pending_payment', 'settlement_confirmed', 'succeeded'],
  ['utr_submitted', 'settlement_confirmed', 'succeeded'],
  ['cancelled', 'settlement_confirmed', 'succeeded'],
  ['expired', 'settlement_confirmed', 'succeeded'],
  ['failed', 'settlement_confirmed', 'succeeded'],
];
const EVENTS: DepositEvent[] = [
  'opened',
  'utr_submitted',
  'gateway_paid',
  'gateway_declined',
  'operator_approved',
  'operator_rejected',
  'player_cancelled',
  'timed_out',
  'review_needed',
  'paid_after_failure',
  'settlement_confirmed',
];

describe('deposit state machine', () => {
  it.each(allowed)('%s --%s--> %s', (from, event, to) => {
    expect(step(from, event)).toBe(to);
  });

  it('forbids every other transition', () => {
    const ok = new Set(allowed.map(([from, event]) => `${from}/${event}`));
    for (const from of DEPOSIT_STATUSES) {
      for (const event of EVENTS) {
        if (!ok.has(`${from}/${event}`)) expect(step(from, event), `${from}/${event}`).toBeNull();
      }
    }
  });

  it('never leaves a final state, except a failed order the gateway reports paid (to review, or credited on its settlement file)', () => {
    for (const event of EVENTS) {
      expect(step('succeeded', event)).toBeNull();
      if (event !== 'paid_after_failure' && event !== 'settlement_confirmed') expect(step('failed', event)).toBeNull();
    }
    expect(step('failed', 'paid_after_failure')).toBe('utr_submitted');
  });
});
