import type { GameStatistics, PeriodStatistics } from '@colorplay/contract';
import { TRANSFER_KIND_CATEGORIES, transferKindsOf, type TransferKind } from '../ledger';

/**
 * The ledger kinds of play, from the ledger's own categories so a new game's kinds count the
 * moment they are added: stakes, stakes handed back, and what games pay (wins, and a vendor's
 * free-round wins, a game's payout without a stake).
 */
export const PLAY_KINDS = transferKindsOf('stake', 'stake_return', 'win', 'bonus');
const categoryOf = (kind: string) => TRANSFER_KIND_CATEGORIES[kind as TransferKind];

/** One group of the ledger's answer: the player-side entries of one kind, one game, one window. */
export type PlayRow = { window: number; game: string | null; kind: string; entries: number; sumMinor: number };

type Figures = Pick<GameStatistics, 'bets' | 'stakedMinor' | 'paidOutMinor' | 'netMinor'>;

/** Adds one row to figures: stakes are negative on the player's side, returns and payouts positive. */
function add(f: Figures, row: PlayRow): void {
  const category = categoryOf(row.kind);
  if (category === 'stake') {
    f.bets += row.entries;
    f.stakedMinor -= row.sumMinor;
  } else if (category === 'stake_return') {
    f.stakedMinor -= row.sumMinor;
  } else {
    f.paidOutMinor += row.sumMinor;
  }
  f.netMinor = f.paidOutMinor - f.stakedMinor;
}

const zero = (): Figures => ({ bets: 0, stakedMinor: 0, paidOutMinor: 0, netMinor: 0 });

/**
 * Folds the ledger's rows into each window's total and per-game figures (pure). Games are listed
 * by most staked first; `titles` names vendor games from the catalog.
 */
export function foldStatistics(
  windows: readonly { period: PeriodStatistics['period']; from: Date; to: Date }[],
  rows: readonly PlayRow[],
  titles: ReadonlyMap<string, string>,
): PeriodStatistics[] {
  return windows.map((w, i) => {
    const total = zero();
    const games = new Map<string, GameStatistics>();
    for (const row of rows.filter((r) => r.window === i)) {
      add(total, row);
      const id = row.game ?? '';
      let g = games.get(id);
      if (!g) {
        const kind = row.game === null ? 'unknown' : row.kind.startsWith('lottery_') ? 'lottery' : 'vendor';
        g = { game: row.game, kind, title: row.game !== null && kind === 'vendor' ? (titles.get(row.game) ?? null) : null, ...zero() };
        games.set(id, g);
      }
      add(g, row);
    }
    return {
      period: w.period,
      from: w.from.toISOString(),
      to: w.to.toISOString(),
      total,
      games: [...games.values()].sort((a, b) => b.stakedMinor - a.stakedMinor || String(a.game).localeCompare(String(b.game))),
    };
  });
}
