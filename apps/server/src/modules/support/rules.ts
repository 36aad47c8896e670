import { VIP_LEVELS, type SupportStatus } from '@colorplay/contract';

/**
 * The support ticket state machine (docs/support.md): the one place that says which event may
 * move a ticket from which state, and what its timers become. Pure: the time is an argument.
 *
 *   (new) --opened--> open                          (response due: now + responseHours)
 *   open | waiting_player --player_message--> open  (due: kept if already open, else now + responseHours)
 *   open | waiting_player --operator_reply--> waiting_player   (no due time: the player's turn)
 *   open | waiting_player --resolved--> resolved    (reopenable until now + reopenDays)
 *   resolved --reopened--> open                     (only before reopenable_until, and never after a final response)
 *   any --final_response--> resolved                (a formal complaint's last word; only once; not reopenable)
 */
export type TicketTimers = {
  status: SupportStatus;
  responseDueAt: Date | null;
  resolvedAt: Date | null;
  reopenableUntil: Date | null;
  /** A formal complaint's final response was given: the ticket is closed for good. */
  finalResponse: boolean;
};

export type TicketEvent = 'opened' | 'player_message' | 'operator_reply' | 'resolved' | 'reopened' | 'final_response';

/** How long support has to answer, and how long a resolved ticket can be reopened (settings.ts). */
export type SlaSettings = { responseHours: number; reopenDays: number };

export type Transition = { ok: true; next: TicketTimers } | { ok: false; reason: string };

const HOUR_MS = 3_600_000;
const refuse = (reason: string): Transition => ({ ok: false, reason });

/** The ticket after `event` at `now`, or why the event is not allowed in its state. */
export function transition(current: TicketTimers | null, event: TicketEvent, now: Date, sla: SlaSettings): Transition {
  const due = () => new Date(now.getTime() + sla.responseHours * HOUR_MS);
  const open = (responseDueAt: Date): TicketTimers => ({ status: 'open', responseDueAt, resolvedAt: null, reopenableUntil: null, finalResponse: false });
  if (event === 'opened') return current === null ? { ok: true, next: open(due()) } : refuse('The ticket exists already');
  if (current === null) return refuse('No such ticket');
  const active = current.status !== 'resolved';
  switch (event) {
    case 'player_message':
      if (!active) return refuse('This ticket is resolved: reopen it to write again');
      // The clock does not restart for a player who writes twice before support answers.
      return { ok: true, next: open(current.status === 'open' && current.responseDueAt ? current.responseDueAt : due()) };
    case 'operator_reply':
      if (!active) return refuse('This ticket is resolved');
      return { ok: true, next: { ...current, status: 'waiting_player', responseDueAt: null } };
    case 'resolved':
      if (!active) return refuse('This ticket is resolved already');
      return { ok: true, next: { ...current, status: 'resolved', responseDueAt: null, resolvedAt: now, reopenableUntil: new Date(now.getTime() + sla.reopenDays * 24 * HOUR_MS) } };
    case 'reopened':
      if (active) return refuse('This ticket is not resolved');
      if (current.finalResponse) return refuse('A complaint with a final response cannot be reopened');
      if (current.reopenableUntil === null || now.getTime() > current.reopenableUntil.getTime()) return refuse('The time to reopen this ticket has passed: open a new one');
      return { ok: true, next: open(due()) };
    case 'final_response':
      if (current.finalResponse) return refuse('The final response was given already');
      return { ok: true, next: { status: 'resolved', responseDueAt: null, resolvedAt: current.resolvedAt ?? now, reopenableUntil: null, finalResponse: true } };
  }
}

/** Whether support's answer is late at `now` (only an open ticket has a due time). */
export function isOverdue(t: Pick<TicketTimers, 'status' | 'responseDueAt'>, now: Date): boolean {
  return t.status === 'open' && t.responseDueAt !== null && now.getTime() > t.responseDueAt.getTime();
}

/**
 * The SLA of a ticket whose player had `vipLevel` when it opened (decision 547): the level's
 * published response time (contract VIP_LEVELS), or the standard one when that is shorter.
 */
export function slaForLevel(sla: SlaSettings, vipLevel: number): SlaSettings {
  const hours = VIP_LEVELS.find((l) => l.level === vipLevel)?.supportResponseHours ?? null;
  return hours === null ? sla : { ...sla, responseHours: Math.min(hours, sla.responseHours) };
}
