import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import type { fakeClock } from '../../src/lib/clock';
import type { TestApp } from './build-test-app';

/**
 * Real Wingo rounds of the 30 s room on a fake clock, for tests that play through them (the
 * withdrawals' wagering lock, a bonus's wagering): open the next round, place a bet, draw and
 * settle. One copy, so both count play from the same moves.
 */
export function wingoRounds(app: () => TestApp, clock: ReturnType<typeof fakeClock>, keyPrefix: string) {
  const room = WINGO_ROOMS['30s'];
  let seq = 0;
  const setTime = (ms: number) => clock.advance(ms - clock.now().getTime());
  return {
    /** Moves to the opening of the next 30 s round (the engine opens it) and returns its period. */
    async nextRound(): Promise<string> {
      setTime(roundAt(room, clock.now().getTime()).drawsAtMs);
      await app().app.lottery.tick();
      return roundAt(room, clock.now().getTime()).period;
    },
    /** Moves to the current round's draw: the engine draws and settles it. */
    async drawAndSettle(): Promise<void> {
      setTime(roundAt(room, clock.now().getTime()).drawsAtMs);
      await app().app.lottery.tick();
    },
    /** A Wingo bet of `rupees` (₹10 × quantity) on one selection of the current round. */
    bet: (playerId: number, period: string, selection: string, rupees: number) =>
      app().app.lottery.placeBet(playerId, { room: '30s', period, selection, amountMinor: 1_000, quantity: rupees / 10, multiplier: 1, idempotencyKey: `${keyPrefix}-${++seq}` } as never),
  };
}
