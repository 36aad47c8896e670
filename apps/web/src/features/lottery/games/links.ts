import type { LotteryGameId } from '@colorplay/contract';
import { paths } from '../../../config/paths';

/**
 * The addresses of the K3, 5D and Trx Win screens (decisions 345, 355): one route pattern in config/paths.ts,
 * `/home/AllLotteryGames/:game`, whose segment is one of these. They live here, not in the paths
 * object, because that object ships with `/` and its JS budget is full.
 */
export const LOTTERY_SEGMENTS = { k3: 'K3', '5d': '5D', trx: 'TrxWin', verify: 'VerifyGame' } as const;

const at = (segment: string) => paths.lotteryGame.path.replace(':game', segment);

/** The game's screen. */
export const lotteryGameHref = (game: LotteryGameId): string => at(LOTTERY_SEGMENTS[game]);

/**
 * The verify screen of one round; from a bet, with the commitment its receipt carries (final hash
 * and round index), which the screen then checks instead of the server's copy (as Wingo's).
 */
export function lotteryVerifyHref(game: LotteryGameId, period: string, receipt?: { finalHash: string; roundIndex: number } | null): string {
  const query: Record<string, string> = { game, period };
  if (receipt) Object.assign(query, { final: receipt.finalHash, k: String(receipt.roundIndex) });
  return `${at(LOTTERY_SEGMENTS.verify)}?${new URLSearchParams(query).toString()}`;
}

/** Which screen a `:game` segment names (case-insensitive, as the router's paths), or null for none. */
export function lotteryScreenOf(segment: string | undefined): LotteryGameId | 'verify' | null {
  const s = (segment ?? '').toLowerCase();
  if (s === 'k3') return 'k3';
  if (s === '5d') return '5d';
  if (s === 'trxwin') return 'trx';
  if (s === 'verifygame') return 'verify';
  return null;
}
