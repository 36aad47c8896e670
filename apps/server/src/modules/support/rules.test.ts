import { describe, expect, it } from 'vitest';
import { isOverdue, transition, type TicketEvent, type TicketTimers } from './rules';

/** The ticket state machine (docs/support.md): every allowed and refused step, on a fixed clock. */

const SLA = { responseHours: 24, reopenDays: 7 };
const T0 = new Date('2026-11-28T10:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

function run(events: [TicketEvent, number][]): TicketTimers {
  let state: TicketTimers | null = null;
  for (const [event, hours] of events) {
    const result = transition(state, event, at(hours), SLA);
    if (!result.ok) throw new Error(`${event} at +${hours}h refused: ${result.reason}`);
    state = result.next;
  }
  return state!;
}

const refused = (state: TicketTimers | null, event: TicketEvent, hours: number) => {
  const result = transition(state, event, at(hours), SLA);
  expect(result.ok, `${event} should be refused`).toBe(false);
};

describe('support ticket transitions', () => {
  it('opens with a response due after the promised hours', () => {
    expect(run([['opened', 0]])).toEqual({ status: 'open', responseDueAt: at(24), resolvedAt: null, reopenableUntil: null, finalResponse: false });
    refused(run([['opened', 0]]), 'opened', 1);
  });

  it('refuses every event but opened on a ticket that does not exist', () => {
    for (const e of ['player_message', 'operator_reply', 'resolved', 'reopened', 'final_response'] as const) refused(null, e, 0);
  });

  it('waits for the player after a reply; the player writing starts a new response clock', () => {
    const waiting = run([['opened', 0], ['operator_reply', 2]]);
    expect(waiting).toMatchObject({ status: 'waiting_player', responseDueAt: null });
    expect(run([['opened', 0], ['operator_reply', 2], ['player_message', 5]])).toMatchObject({ status: 'open', responseDueAt: at(29) });
  });

  it('keeps the first due time when the player writes twice before support answers', () => {
    expect(run([['opened', 0], ['player_message', 3]])).toMatchObject({ status: 'open', responseDueAt: at(24) });
  });

  it('resolves from open or waiting, reopenable for 7 days, and refuses writing to a resolved ticket', () => {
    const resolved = run([['opened', 0], ['resolved', 1]]);
    expect(resolved).toEqual({ status: 'resolved', responseDueAt: null, resolvedAt: at(1), reopenableUntil: at(1 + 7 * 24), finalResponse: false });
    expect(run([['opened', 0], ['operator_reply', 1], ['resolved', 2]]).status).toBe('resolved');
    refused(resolved, 'player_message', 2);
    refused(resolved, 'operator_reply', 2);
    refused(resolved, 'resolved', 2);
  });

  it('reopens until the window ends, never after it, and never a ticket that is not resolved', () => {
    const resolved = run([['opened', 0], ['resolved', 1]]);
    const lastMoment = 1 + 7 * 24;
    const reopened = transition(resolved, 'reopened', at(lastMoment), SLA);
    expect(reopened).toEqual({ ok: true, next: { status: 'open', responseDueAt: at(lastMoment + 24), resolvedAt: null, reopenableUntil: null, finalResponse: false } });
    refused(resolved, 'reopened', lastMoment + 0.001);
    refused(run([['opened', 0]]), 'reopened', 1);
  });

  it('gives a final response once, from any state; the ticket is resolved for good', () => {
    const fromOpen = run([['opened', 0], ['final_response', 3]]);
    expect(fromOpen).toEqual({ status: 'resolved', responseDueAt: null, resolvedAt: at(3), reopenableUntil: null, finalResponse: true });
    // A resolved ticket keeps its resolution time.
    expect(run([['opened', 0], ['resolved', 1], ['final_response', 5]]).resolvedAt).toEqual(at(1));
    refused(fromOpen, 'final_response', 4);
    refused(fromOpen, 'reopened', 4);
  });

  it('is overdue only while open and past its due time', () => {
    const open = run([['opened', 0]]);
    expect(isOverdue(open, at(24))).toBe(false);
    expect(isOverdue(open, at(24.01))).toBe(true);
    expect(isOverdue(run([['opened', 0], ['operator_reply', 1]]), at(100))).toBe(false);
  });
});
