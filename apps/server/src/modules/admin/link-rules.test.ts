import { describe, expect, it } from 'vitest';
import { mergeLinks } from './link-rules';

const at = (m: number) => new Date(Date.UTC(2026, 5, 1, 10, m));

describe('mergeLinks', () => {
  it('never links a player to itself, lists each reason once at its earliest time, in a fixed order', () => {
    const links = mergeLinks(1, [
      { playerId: 1, reason: 'pan', detail: null, at: at(0) },
      { playerId: 3, reason: 'registration_ip', detail: null, at: at(5) },
      { playerId: 2, reason: 'device', detail: null, at: at(9) },
      { playerId: 2, reason: 'payout_upi', detail: 'r***@okaxis', at: at(7) },
      { playerId: 2, reason: 'device', detail: null, at: at(3) },
    ]);
    expect(links).toEqual([
      {
        playerId: 2,
        reasons: [
          { reason: 'payout_upi', detail: 'r***@okaxis', since: at(7).toISOString() },
          { reason: 'device', detail: null, since: at(3).toISOString() },
        ],
      },
      { playerId: 3, reasons: [{ reason: 'registration_ip', detail: null, since: at(5).toISOString() }] },
    ]);
  });

  it('has no links without shared facts', () => {
    expect(mergeLinks(1, [])).toEqual([]);
  });
});
