/**
 * The rooms and games of the lottery screens with no zod, so the web app's Wingo, K3, 5D and
 * Trx Win screens can list them without pulling every schema of the contract (and zod) into the
 * chunk that must load and run before the round panel paints (`@colorplay/contract/lottery-constants`;
 * decision 370). wingo.ts and lottery.ts build their schemas from these and re-export them.
 */

/** The four Wingo rooms: 30 s, 1 min, 3 min, 5 min. */
export const WINGO_ROOM_IDS = ['30s', '1m', '3m', '5m'] as const;

/** Games served by the generic routes: K3 and 5D on fair chains, Trx Win on TRON blocks. */
export const LOTTERY_ROUTE_GAMES = ['k3', '5d', 'trx'] as const;

/** The rooms of K3, 5D and Trx Win: 1, 3, 5 and 10 minutes. */
export const LOTTERY_ROOM_IDS = ['1m', '3m', '5m', '10m'] as const;

/** The most selections one K3 or 5D slip may carry (decision 513). */
export const LOTTERY_SLIP_MAX_ITEMS = 10;
