import { API_PATHS, LAZY_API_PATHS } from '@colorplay/contract';
import { FIVED, K3, roundAt, TRX_WIN, WINGO_ROOMS } from '@colorplay/lottery';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/lib/clock';
import type { PlayerClient } from './player-client';

/** One bet in each generic game's 1-minute room, on a selection every game has. */
export const GAME_BETS = [
  ['k3', K3.rooms['1m']!, 'big'],
  ['5d', FIVED.rooms['1m']!, 'A:big'],
  ['trx', TRX_WIN.rooms['1m']!, 'big'],
] as const;

/**
 * The requests toward play that an account control (suspension, closure) must refuse: UPI and
 * USDT deposit orders, a Wingo bet, a bet in each generic game, a K3 slip of two bets (decision
 * 513), and opening a vendor's game.
 * Each call takes a fresh idempotency key from `key`.
 */
export function moneyPaths(app: () => FastifyInstance, clock: Clock, key: () => string) {
  return {
    upi: (c: PlayerClient, amountMinor: number) => c.call('POST', API_PATHS.get_payment_url, { channel: 'upi', amountMinor, idempotencyKey: key() }),
    usdt: (c: PlayerClient, amountMinor: number) => c.call('POST', API_PATHS.get_payment_url_usdt, { amountMinor, idempotencyKey: key() }),
    wingoBet: (c: PlayerClient) =>
      c.call('POST', API_PATHS.wingo_place_bet, {
        room: '30s',
        period: roundAt(WINGO_ROOMS['30s'], clock.now().getTime()).period,
        selection: 'green',
        amountMinor: 10_00,
        quantity: 1,
        multiplier: 1,
        idempotencyKey: key(),
      }),
    gameBet: (c: PlayerClient, game: (typeof GAME_BETS)[number]) =>
      c.call('POST', API_PATHS.lottery_place_bet.replace(':game', game[0]), {
        room: '1m',
        period: roundAt(game[1], clock.now().getTime()).period,
        selection: game[2],
        amountMinor: 100,
        quantity: 1,
        multiplier: 1,
        idempotencyKey: key(),
      }),
    k3Slip: (c: PlayerClient) =>
      c.call('POST', LAZY_API_PATHS.lottery_place_slip.replace(':game', 'k3'), {
        room: '1m',
        period: roundAt(K3.rooms['1m']!, clock.now().getTime()).period,
        idempotencyKey: key(),
        items: ['sum:9', 'sum:10'].map((selection) => ({ selection, amountMinor: 100, quantity: 1, multiplier: 1 })),
      }),
    openGame: (ticket: string, gameUid: string, amountMinor?: number) =>
      app().inject({ method: 'GET', url: `/api/games/open-game-url?token=${encodeURIComponent(ticket)}&game_id=${gameUid}${amountMinor ? `&amount_minor=${amountMinor}` : ''}` }),
  };
}
