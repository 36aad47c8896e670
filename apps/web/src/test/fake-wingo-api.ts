import type { LotteryRoomState, WingoBet, WingoRoomState } from '@colorplay/contract';
import { K3_SELECTIONS, MINUTE_ROOMS, roundAt, WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS, WINGO_ROOMS } from '@colorplay/lottery';

/** Test helper (imported only by *.test.tsx): Wingo fixtures over the shared fetch stub. */

export { jsonResponse, stubApi as stubWingoApi, type RecordedCall } from './fake-api';

/** The 30 s room's state at `nowMs`, as the server's schedule makes it. */
export function roomState(nowMs: number): WingoRoomState {
  const round = roundAt(WINGO_ROOMS['30s'], nowMs);
  return {
    serverTimeMs: nowMs,
    round: {
      roomId: '30s',
      period: round.period,
      phase: nowMs >= round.locksAtMs ? 'locked' : 'open',
      opensAtMs: round.opensAtMs,
      locksAtMs: round.locksAtMs,
      drawsAtMs: round.drawsAtMs,
    },
    lastResult: null,
    chain: null,
    betting: {
      amountPresetsMinor: [...WINGO_BET_OPTIONS.amountPresetsMinor],
      multipliers: [...WINGO_BET_OPTIONS.multipliers],
      feeBasisPoints: WINGO_BET_OPTIONS.feeBasisPoints,
      limits: { ...WINGO_DEFAULT_LIMITS },
    },
  };
}

export function makeBet(overrides: Partial<WingoBet> = {}): WingoBet {
  return {
    id: 'bet_test000001',
    roomId: '30s',
    period: '202611230300001',
    selection: 'green',
    amountMinor: 100,
    quantity: 1,
    multiplier: 1,
    totalMinor: 100,
    feeMinor: 2,
    contractMinor: 98,
    status: 'pending',
    payoutMinor: 0,
    commitment: { chainId: 1, finalHash: 'ab'.repeat(32), roundIndex: 1, beaconRound: 1000 },
    resultDigit: null,
    placedAtMs: 1_790_000_000_000,
    settledAtMs: null,
    ...overrides,
  };
}

export const EMPTY_PAGE = { data: { items: [], nextCursor: null } };

/**
 * K3's 1 min room, open 30 s before its draw on 2026-11-23: the moment, the round and the room's
 * state as the server answers it (the K3 page, slip and period-mark tests). `betting` overrides
 * the presets.
 */
export function k3OpenRoom(betting: Partial<LotteryRoomState['betting']> = {}) {
  const room = MINUTE_ROOMS['1m'];
  const nowMs = roundAt(room, Date.UTC(2026, 10, 23, 7, 0, 0)).drawsAtMs - 30_000;
  const round = roundAt(room, nowMs);
  const state: LotteryRoomState = {
    game: 'k3',
    serverTimeMs: nowMs,
    round: { roomId: '1m', period: round.period, phase: 'open', opensAtMs: round.opensAtMs, locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs },
    lastResult: null,
    source: 'chain',
    chain: null,
    betting: {
      selections: [...K3_SELECTIONS],
      amountPresetsMinor: [100, 1_000, 10_000, 100_000],
      multipliers: [1, 5, 10, 20, 50, 100],
      feeBasisPoints: 200,
      limits: { minQuantity: 1, maxQuantity: 1000, minBetMinor: 100, maxBetMinor: 10_000_000, maxRoundMinor: 100_000_000 },
      ...betting,
    },
  };
  return { room, nowMs, round, state };
}
