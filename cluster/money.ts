/**
 * The money check after each fault: every bet and credit a node acknowledged exists exactly
 * once, with its one ledger transfer, and the ledger invariants hold.
 */
import type { Db } from '../apps/server/src/db/db';
import { checkInvariants } from '../apps/server/src/modules/ledger';
import type { Player } from './client';
import { check, summary } from './report';

/** A bet or recharge a node answered 200 to, with the id it gave. */
export type Ack = { player: Player; key: string; kind: 'bet' | 'recharge'; id: string };

/** Every acknowledged bet and credit exists exactly once; nothing else was placed for those keys. */
export async function verifyMoney(db: Db, name: string, list: Ack[]): Promise<void> {
  const bets = list.filter((x) => x.kind === 'bet');
  const credits = list.filter((x) => x.kind === 'recharge');
  let bad = 0;
  for (const x of bets) {
    const { rows } = await db.query<{ id: string; transfers: number }>(
      `SELECT b.id, (SELECT count(*)::int FROM ledger_transfers t WHERE t.reference = b.id AND t.kind = 'lottery_bet') AS transfers
         FROM lottery_bets b WHERE b.player_id = $1 AND b.idempotency_key = $2`,
      [x.player.playerId, x.key],
    );
    if (rows.length !== 1 || rows[0]!.id !== x.id || rows[0]!.transfers !== 1) bad++;
  }
  for (const x of credits) {
    const { rows } = await db.query<{ status: string; transfers: number }>(
      `SELECT o.status, (SELECT count(*)::int FROM ledger_transfers t WHERE t.reference = o.id) AS transfers
         FROM deposit_orders o WHERE o.player_id = $1 AND o.idempotency_key = $2`,
      [x.player.playerId, x.key],
    );
    if (rows.length !== 1 || rows[0]!.status !== 'succeeded' || rows[0]!.transfers !== 1) bad++;
  }
  const violations = await checkInvariants(db);
  summary[`${name}Money`] = { acknowledgedBets: bets.length, acknowledgedCredits: credits.length, missingOrDoubled: bad, ledgerInvariantViolations: violations.length };
  check(`${name}: ${bets.length} acknowledged bets and ${credits.length} credits each exist exactly once; ledger invariants hold`, bad === 0 && violations.length === 0, { bad, violations });
}
