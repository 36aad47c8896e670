import { LAUNCH_TICKET_TTL_MS } from '@colorplay/contract';

/** How long a vendor session may take wallet debits after launch (credits and rollbacks stay open). */
export const VENDOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type TicketRecord = { gameUid: string; expiresAt: Date; usedAt: Date | null };
export type TicketVerdict = 'ok' | 'unknown' | 'expired' | 'used' | 'other_game';

/**
 * Whether a presented launch ticket may open `gameUid` now. A ticket is good once, for the game it
 * was minted for, for LAUNCH_TICKET_TTL_MS. `record` is the ticket as it was before this use.
 */
export function ticketVerdict(record: TicketRecord | null, gameUid: string, now: Date): TicketVerdict {
  if (!record) return 'unknown';
  if (record.usedAt !== null) return 'used';
  if (now.getTime() >= record.expiresAt.getTime()) return 'expired';
  if (record.gameUid !== gameUid) return 'other_game';
  return 'ok';
}

export const ticketExpiry = (now: Date): Date => new Date(now.getTime() + LAUNCH_TICKET_TTL_MS);

export type LaunchableGame = { kind: string; gameUid: string; clickable: boolean; engine: string | null };

/** A catalog row can be launched: a clickable game that has a game_uid and an engine at its vendor. */
export const isLaunchable = (g: LaunchableGame): boolean => g.kind === 'game' && g.clickable && g.gameUid !== '' && g.engine !== null;

/** What the player sees (and the status) when a launch address cannot open a game. */
export const LAUNCH_REFUSALS = {
  unknown: { status: 401, title: 'This game link is not valid', text: 'Open the game again from the lobby.' },
  used: { status: 401, title: 'This game link was already used', text: 'Each link opens a game once. Open the game again from the lobby.' },
  expired: { status: 401, title: 'This game link has expired', text: 'A game link is valid for 60 seconds. Open the game again from the lobby.' },
  other_game: { status: 401, title: 'This game link is for another game', text: 'Open the game again from the lobby.' },
  game_not_found: { status: 404, title: 'Game not found', text: 'This game is not in our lobby.' },
  maintenance: { status: 409, title: 'Game Under Maintenance', text: 'This game cannot be played right now. Please try another game.' },
  session_ended: { status: 401, title: 'Please log in again', text: 'Your session has ended. Log in and open the game from the lobby.' },
  // Responsible gambling (decision 210): no launch during a break or a self-exclusion.
  on_break: { status: 403, title: 'You are taking a break', text: 'Games open again when your break ends. Your wallet and history stay available.' },
  self_excluded: { status: 403, title: 'Your account is self-excluded', text: 'Games are closed to you. Your wallet and history stay available.' },
  // An operator suspended the account (decision 420).
  suspended: { status: 403, title: 'Your account is suspended', text: 'Games are closed while your account is suspended. You can still withdraw and see your history; contact support.' },
  // An operator closed the account (decision 440).
  closed: { status: 403, title: 'Your account is closed', text: 'Games are closed on a closed account. You can still sign in and see your history; contact support.' },
  // Transfer mode (decision 311): the amount the player chose cannot move; nothing moved.
  amount_invalid: { status: 400, title: 'This amount cannot be moved', text: 'Choose a whole amount of at least ₹1 and open the game again from the lobby.' },
  amount_over_balance: { status: 409, title: 'Not enough balance', text: 'The amount you chose is more than your main wallet holds. Open the game again from the lobby.' },
} as const;
export type LaunchRefusal = keyof typeof LAUNCH_REFUSALS;

/** The least a transfer-mode launch moves into a vendor wallet (₹1); no catalog vendor sets its own. */
export const MIN_TRANSFER_MINOR = 100;
