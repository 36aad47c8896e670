/**
 * kill -9 the node leading the round engine inside a round's lock window: another node takes
 * over, the round is drawn and settled, the sockets reconnect elsewhere and resynchronise; the
 * node is then restarted. Returns the new leader (the next fault spares it).
 */
import { call, expectOk, placeBet, retrying, setScenario } from '../client';
import { ROUND_MS, type Stage } from '../harness';
import { killNode, sleep, startNode, waitFor, type AppNode } from '../lib';
import { check, summary } from '../report';

export async function leaderKill(stage: Stage): Promise<AppNode | undefined> {
  const { lb, db, env, players, sockets, leaderOf, openRound } = stage;
  setScenario('leaderKill');
  const r2 = await openRound(8_000);
  await Promise.all(players.map(async (p, i) => expectOk(await placeBet(lb.url, p, r2.round.period, `cluster-r2-${i}`, 'green'), 'bet r2')));
  // The round's lock and draw times on this machine's clock.
  const lockedAt = r2.round.locksAtMs - r2.serverTimeMs + Date.now();
  const drawsAt = lockedAt + (r2.round.drawsAtMs - r2.round.locksAtMs);
  await sleep(Math.max(0, lockedAt - Date.now() + 1_000));
  const [leader] = await leaderOf('lottery.rounds');
  if (!leader) throw new Error('no node leads lottery.rounds');
  const leaderSockets = sockets.filter((s) => s.node === leader.name);
  const killedAt = Date.now();
  await killNode(leader);
  const failoverMs = await waitFor('another node to lead lottery.rounds', async () => (await leaderOf('lottery.rounds')).length === 1, 20_000, 50);
  const [newLeader] = await leaderOf('lottery.rounds');
  summary.leaderKill = { killed: leader.name, newLeader: newLeader?.name, failoverMs, msBeforeDrawWhenKilled: drawsAt - killedAt };
  check(`another node takes the round leader over (${failoverMs} ms)`, newLeader !== undefined && newLeader.name !== leader.name, newLeader?.name);
  await waitFor(`round ${r2.round.period} settled`, async () => {
    const { rows } = await db.query<{ status: string }>(`SELECT status FROM lottery_rounds WHERE game = 'wingo' AND period = $1`, [r2.round.period]);
    return rows[0]?.status === 'settled' || rows[0]?.status === 'voided';
  }, ROUND_MS + 15_000, 200);
  const { rows: r2rows } = await db.query<{ status: string; late_ms: number }>(
    `SELECT status, (extract(epoch FROM drawn_at - draws_at) * 1000)::int AS late_ms FROM lottery_rounds WHERE game = 'wingo' AND period = $1`,
    [r2.round.period],
  );
  summary.leaderKill = { ...(summary.leaderKill as object), drawLateMs: r2rows[0]!.late_ms };
  check(`the round of the kill is drawn and settled within one round (${r2rows[0]!.late_ms} ms after its draw time)`, r2rows[0]!.status === 'settled' && r2rows[0]!.late_ms < ROUND_MS, r2rows[0]);
  await waitFor('the killed node\'s sockets reconnected elsewhere', () => leaderSockets.every((s) => s.open && s.node !== leader.name), 15_000, 100);
  const reconnectMs = Math.max(0, ...leaderSockets.map((s) => (s.opens.at(-1)?.at ?? killedAt) - killedAt));
  summary.leaderKill = { ...(summary.leaderKill as object), socketsMoved: leaderSockets.length, reconnectMs };
  check(`sockets on the killed node reconnected to another node (${leaderSockets.length} sockets, ${reconnectMs} ms)`, leaderSockets.length > 0);
  // Resynchronised: each client has the kill round's result, pushed on its socket or read over
  // HTTP after the reconnect (what the web app does), and its own bets settled.
  const { rows: drawn2 } = await db.query<{ digit: number }>(`SELECT digit FROM lottery_rounds WHERE game = 'wingo' AND period = $1`, [r2.round.period]);
  const history = expectOk(await retrying(() => call(lb.url, 'GET', '/api/lottery/wingo/history?room=30s&limit=5')), 'history').items as Array<{ period: string; digit: number }>;
  const httpDigit = history.find((h) => h.period === r2.round.period)?.digit;
  const pushedDigits = sockets.flatMap((s) => s.results(r2.round.period).map((r) => r.digit));
  summary.leaderKill = { ...(summary.leaderKill as object), socketsWithPushedResult: sockets.filter((s) => s.results(r2.round.period).length > 0).length };
  check('the kill round\'s result is the same pushed and over HTTP', httpDigit === drawn2[0]!.digit && pushedDigits.every((d) => d === drawn2[0]!.digit), { httpDigit, pushedDigits });
  const settledBets = await Promise.all(
    players.map(async (p) => {
      const page = expectOk(await retrying(() => call(lb.url, 'GET', '/api/lottery/wingo/my-bets?room=30s&limit=5', undefined, p.token)), 'my bets').items as Array<{ period: string; status: string }>;
      return page.find((b) => b.period === r2.round.period)?.status;
    }),
  );
  check('every bet of the kill round is settled', settledBets.every((st) => st !== undefined && st !== 'pending'), settledBets);
  await sleep(1_200);
  const clockAfter = sockets.map((s) => s.lastClock()!.rounds.find((r) => r.roomId === '30s')!.period);
  check('reconnected sockets show the same clock as the others', new Set(clockAfter).size <= 2, clockAfter);
  await startNode(leader, env);
  await waitFor('the restarted node back in the balancer', async () => (await call(lb.url, 'GET', '/healthz')).status === 200, 10_000);
  return newLeader;
}
