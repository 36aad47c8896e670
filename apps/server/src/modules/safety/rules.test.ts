import { describe, expect, it } from 'vitest';
import {
  addMonths,
  blockAt,
  checkLimits,
  depositAllowedAt,
  limitsPassed,
  confirmLimitChange,
  COOLING_OFF_MS,
  netDepositsOf,
  netLossOf,
  NO_BLOCK,
  NO_LIMIT,
  refusalOf,
  REOPEN_WAIT_MS,
  requestLimitChange,
  requestReopen,
  selfExclude,
  stakedOf,
  takeBreak,
  windowStart,
  type BlockState,
  type LimitState,
} from './rules';

const T0 = new Date('2026-03-31T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const H = 3_600_000;
const D = 24 * H;
const limit = (amountMinor: number | null, pending?: { amountMinor: number | null; at: Date }): LimitState => ({
  amountMinor,
  pendingAmountMinor: pending ? pending.amountMinor : null,
  pendingRequestedAt: pending ? pending.at : null,
});

describe('limit changes: lowering at once, raising after 24 h and a confirmation', () => {
  // Every (current, requested) pair among none, 500, 1000: what applies at once and what waits.
  const amounts = [null, 500, 1000] as const;
  const cases = amounts.flatMap((current) => amounts.map((requested) => ({ current, requested })));
  it.each(cases)('from $current to $requested', ({ current, requested }) => {
    const change = requestLimitChange(limit(current), requested, T0);
    if (requested === current) {
      expect(change.effect).toBe('unchanged');
      expect(change.next).toEqual(limit(current));
    } else if (requested !== null && (current === null || requested < current)) {
      expect(change.effect).toBe('applied');
      expect(change.next).toEqual(limit(requested));
    } else {
      expect(change.effect).toBe('pending');
      // The limit in force stays until the player confirms after the cooling-off.
      expect(change.next).toEqual(limit(current, { amountMinor: requested, at: T0 }));
      expect(change.effect === 'pending' && change.confirmableAt).toEqual(at(COOLING_OFF_MS));
    }
  });

  it('drops a waiting raise when the player lowers instead', () => {
    const waiting = limit(500, { amountMinor: 2000, at: T0 });
    expect(requestLimitChange(waiting, 300, at(H))).toEqual({ effect: 'applied', next: limit(300) });
    // Asking for the limit in force again also ends the wait.
    expect(requestLimitChange(waiting, 500, at(H))).toEqual({ effect: 'unchanged', next: limit(500) });
  });

  it('restarts the cooling-off when a new raise replaces a waiting one', () => {
    const waiting = limit(500, { amountMinor: 600, at: T0 });
    const change = requestLimitChange(waiting, 90_000, at(23 * H));
    expect(change).toMatchObject({ effect: 'pending', next: limit(500, { amountMinor: 90_000, at: at(23 * H) }) });
    expect(confirmLimitChange(change.next, at(25 * H))).toMatchObject({ ok: false, reason: 'cooling_off' });
  });

  it('confirms only after 24 hours, to exactly what was asked (a removal included)', () => {
    const raise = limit(500, { amountMinor: 1000, at: T0 });
    expect(confirmLimitChange(raise, at(COOLING_OFF_MS - 1))).toEqual({ ok: false, reason: 'cooling_off', confirmableAt: at(COOLING_OFF_MS) });
    expect(confirmLimitChange(raise, at(COOLING_OFF_MS))).toEqual({ ok: true, next: limit(1000) });
    const removal = limit(500, { amountMinor: null, at: T0 });
    expect(confirmLimitChange(removal, at(30 * D))).toEqual({ ok: true, next: limit(null) });
    expect(confirmLimitChange(limit(500), at(30 * D))).toEqual({ ok: false, reason: 'nothing_pending' });
    expect(confirmLimitChange(NO_LIMIT, at(30 * D))).toEqual({ ok: false, reason: 'nothing_pending' });
  });
});

describe('limit checks', () => {
  it('lets an amount through up to exactly what is left in every window', () => {
    const uses = [
      { period: 'day' as const, limitMinor: 500_00, usedMinor: 100_00 },
      { period: 'week' as const, limitMinor: 1000_00, usedMinor: 700_00 },
    ];
    expect(checkLimits(uses, 300_00)).toEqual({ ok: true });
    // Over the week's remainder (300) though within the day's (400): the tightest window is named.
    expect(checkLimits(uses, 300_01)).toEqual({ ok: false, period: 'week', remainingMinor: 300_00 });
    expect(checkLimits([], 10_000_000)).toEqual({ ok: true });
  });

  it('names the windows whose credits are over the limit, not those exactly at it (decision 392)', () => {
    const uses = [
      { period: 'day' as const, limitMinor: 1_000_00, usedMinor: 1_000_00 },
      { period: 'week' as const, limitMinor: 1_500_00, usedMinor: 1_500_01 },
      { period: 'month' as const, limitMinor: 5_000_00, usedMinor: 2_000_00 },
    ];
    expect(limitsPassed(uses)).toEqual([{ period: 'week', limitMinor: 1_500_00, usedMinor: 1_500_01 }]);
    expect(limitsPassed([])).toEqual([]);
  });

  it('says when a refused deposit fits: once enough credits, oldest first, have left the window', () => {
    const t0 = new Date('2026-08-03T10:00:00Z');
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    const credits = [
      { at: at(30), amountMinor: 1_000_00 },
      { at: at(0), amountMinor: 1_000_00 },
    ];
    const day = { limitMinor: 1_000_00, reservedMinor: 0, periodMs: 24 * 3_600_000 };
    // ₹2,000 credited against ₹1,000: ₹100 more fits once both have left, the later at 10:30 next day.
    expect(depositAllowedAt(credits, day, 100_00)).toEqual(new Date(at(30).getTime() + day.periodMs + 1));
    // ₹1,000 credited against a ₹1,000 limit: another ₹1,000 fits once that credit has left.
    expect(depositAllowedAt([credits[1]!], day, 1_000_00)).toEqual(new Date(t0.getTime() + day.periodMs + 1));
    // What open orders hold does not leave by time: no moment can be named.
    expect(depositAllowedAt(credits, { ...day, reservedMinor: 500_00 }, 600_00)).toBeNull();
    // Nothing to wait for when it fits now.
    expect(depositAllowedAt([], day, 1_000_00)).toBeNull();
  });

  it('never reports a negative remainder (a payment counted past a lowered limit)', () => {
    expect(checkLimits([{ period: 'day', limitMinor: 100, usedMinor: 900 }], 1)).toEqual({ ok: false, period: 'day', remainingMinor: 0 });
  });

  it('windows are rolling: 24 hours, 7 days, 30 days back', () => {
    expect(windowStart('day', T0)).toEqual(at(-D));
    expect(windowStart('week', T0)).toEqual(at(-7 * D));
    expect(windowStart('month', T0)).toEqual(at(-30 * D));
  });

  it('loss is stakes minus payouts and refunds; stakes exclude what was handed back', () => {
    const sums = { lottery_bet: -1000, lottery_payout: 400, lottery_refund: 100, vendor_bet: -500, vendor_win: 200, vendor_rollback: 50 };
    expect(netLossOf(sums)).toBe(750);
    expect(stakedOf(sums)).toBe(1350);
    // Winning overall is no loss.
    expect(netLossOf({ lottery_bet: -100, lottery_payout: 900 })).toBe(0);
    expect(netDepositsOf({ deposit: 1000, deposit_usdt: 500, withdrawal_hold: -700, withdrawal_release: 200 })).toBe(1000);
  });
});

describe('breaks and self-exclusion', () => {
  it('a break blocks until its end and not a moment longer', () => {
    const r = takeBreak(NO_BLOCK, 1, T0);
    expect(r.ok).toBe(true);
    const s = (r as { next: BlockState }).next;
    expect(blockAt(s, at(D - 1))).toEqual({ kind: 'break', until: at(D) });
    expect(blockAt(s, at(D))).toEqual({ kind: 'none' });
    expect(refusalOf(blockAt(s, T0))).toEqual({ code: 'PLAYER_ON_BREAK', until: at(D) });
    expect(refusalOf(blockAt(s, at(D)))).toBeNull();
  });

  it('a break can be extended but never shortened', () => {
    const week = (takeBreak(NO_BLOCK, 7, T0) as { next: BlockState }).next;
    expect(takeBreak(week, 1, at(H))).toEqual({ ok: false, reason: 'You are already on a break that ends later' });
    expect(takeBreak(week, 42, at(H))).toMatchObject({ ok: true, next: { breakUntil: at(H + 42 * D) } });
  });

  it('self-exclusion is at least six months, whole calendar months, extendable only', () => {
    expect(selfExclude(NO_BLOCK, 3, T0)).toMatchObject({ ok: false });
    const six = (selfExclude(NO_BLOCK, 6, T0) as { next: BlockState }).next;
    // 31 March + 6 months = 30 September (the day is clamped).
    expect(six.exclusionUntil).toEqual(new Date('2026-09-30T12:00:00Z'));
    expect(addMonths(new Date('2027-08-31T00:00:00Z'), 6)).toEqual(new Date('2028-02-29T00:00:00Z'));
    expect(addMonths(T0, 60)).toEqual(new Date('2031-03-31T12:00:00Z'));
    const twelve = (selfExclude(six, 12, at(D)) as { next: BlockState }).next;
    // Extended from the day asked; the exclusion still started when it first did.
    expect(twelve).toMatchObject({ exclusionStartedAt: T0, exclusionUntil: new Date('2027-04-01T12:00:00Z') });
    expect(selfExclude(twelve, 6, at(2 * D))).toEqual({ ok: false, reason: 'You are already excluded for longer' });
    // No break can be taken (or ended) while excluded, and the exclusion outranks a break.
    expect(takeBreak(six, 42, at(D))).toMatchObject({ ok: false });
    const both = { ...six, breakUntil: at(400 * D) };
    expect(blockAt(both, at(D)).kind).toBe('exclusion');
    expect(refusalOf(blockAt(both, at(D)))?.code).toBe('SELF_EXCLUDED');
  });

  it('after an exclusion the account stays closed until a reopen request plus 24 hours', () => {
    const s = (selfExclude(NO_BLOCK, 6, T0) as { next: BlockState }).next;
    const end = s.exclusionUntil!;
    const after = (ms: number) => new Date(end.getTime() + ms);
    expect(requestReopen(s, after(-1))).toEqual({ ok: false, reason: 'Your self-exclusion has not ended yet' });
    // Ended, never asked: closed for good (a year later too).
    expect(blockAt(s, after(365 * D))).toEqual({ kind: 'closed', since: end, reopenRequestedAt: null, reopensAt: null });
    expect(refusalOf(blockAt(s, after(365 * D)))).toEqual({ code: 'SELF_EXCLUDED', until: null });
    const asked = (requestReopen(s, after(10 * D)) as { next: BlockState }).next;
    expect(blockAt(asked, after(10 * D + REOPEN_WAIT_MS - 1))).toMatchObject({ kind: 'closed', reopensAt: after(10 * D + REOPEN_WAIT_MS) });
    expect(blockAt(asked, after(10 * D + REOPEN_WAIT_MS))).toEqual({ kind: 'none' });
    // Asking again does not restart the wait; an open account has nothing to reopen.
    expect(requestReopen(asked, after(10 * D + H))).toEqual({ ok: true, next: asked });
    expect(requestReopen(asked, after(11 * D + H))).toEqual({ ok: false, reason: 'Your account is not closed' });
    expect(requestReopen(NO_BLOCK, T0)).toEqual({ ok: false, reason: 'Your account is not closed' });
  });

  it('a reopen request made during the exclusion does not count', () => {
    const s = (selfExclude(NO_BLOCK, 6, T0) as { next: BlockState }).next;
    const sneaky = { ...s, reopenRequestedAt: at(D) };
    expect(blockAt(sneaky, new Date(s.exclusionUntil!.getTime() + 5 * D)).kind).toBe('closed');
  });

  it('a new exclusion clears an old reopen request', () => {
    const s = (selfExclude(NO_BLOCK, 6, T0) as { next: BlockState }).next;
    const reopened = { ...s, reopenRequestedAt: new Date(s.exclusionUntil!.getTime() + H) };
    const later = new Date(s.exclusionUntil!.getTime() + 3 * D);
    expect(blockAt(reopened, later)).toEqual({ kind: 'none' });
    const again = (selfExclude(reopened, 12, later) as { next: BlockState }).next;
    expect(again.reopenRequestedAt).toBeNull();
    expect(blockAt(again, new Date(later.getTime() + D)).kind).toBe('exclusion');
  });
});
