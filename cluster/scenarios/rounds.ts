/**
 * After every fault: the 30 s room's rounds of the run are contiguous (none skipped) and all
 * settled (none voided), and the ledger invariants hold.
 */
import { checkInvariants } from '../../apps/server/src/modules/ledger';
import type { Stage } from '../harness';
import { waitFor } from '../lib';
import { check, summary } from '../report';

export async function roundsOfTheRun(stage: Pick<Stage, 'db'>): Promise<void> {
  const { db } = stage;
  const roundsSinceTheFirstBet = async () =>
    (
      await db.query<{ ordinal: number; status: string; late_ms: number | null }>(
        `SELECT ordinal, status, (extract(epoch FROM drawn_at - draws_at) * 1000)::int AS late_ms FROM lottery_rounds
          WHERE game = 'wingo' AND room_id = '30s' AND draws_at <= now() - interval '2 seconds' AND ordinal >= (SELECT min(ordinal) FROM lottery_rounds r JOIN lottery_bets b ON b.round_id = r.id WHERE r.game = 'wingo' AND r.room_id = '30s')
          ORDER BY ordinal`,
      )
    ).rows;
  // A quick run can end before the round of its first bet has drawn (a 30 s round): wait for that
  // state (at most two rounds), then judge every round of the run; a cluster that cannot draw
  // still fails the check below.
  await waitFor('the first round of the run to be drawn', async () => (await roundsSinceTheFirstBet()).length > 0, 75_000, 500).catch(() => undefined);
  const rounds = await roundsSinceTheFirstBet();
  const contiguous = rounds.every((r, i) => i === 0 || r.ordinal === rounds[i - 1]!.ordinal + 1);
  check(`rounds of the 30 s room during the run: ${rounds.length}, contiguous (none skipped)`, contiguous && rounds.length > 0, rounds.map((r) => r.ordinal));
  const notSettled = rounds.filter((r) => r.status !== 'settled');
  check('every round of the run was drawn and settled (none voided)', notSettled.length === 0, notSettled);
  summary.rounds = { count: rounds.length, maxDrawLateMs: Math.max(...rounds.map((r) => r.late_ms ?? 0)), statuses: [...new Set(rounds.map((r) => r.status))] };
  const violations = await checkInvariants(db);
  check('ledger invariants hold at the end', violations.length === 0, violations);
}
