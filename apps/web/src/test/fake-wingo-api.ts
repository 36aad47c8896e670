import type { WingoBet, WingoRoomState } from '@colorplay/contract';
import { roundAt, WINGO_BET_OPTIONS, WINGO_DEFAULT_LIMITS, WINGO_ROOMS } from '@colorplay/lottery';

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
