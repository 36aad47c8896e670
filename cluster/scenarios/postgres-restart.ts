/**
 * PostgreSQL stopped (fast, then immediate) and started again under load: every node reconnects
 * by itself, cut requests fail with 503 and never 500, and acknowledged money exists once.
 */
import { call, failures, placeBet, recharge, roomState, setScenario } from '../client';
import type { Stage } from '../harness';
import { sleep, waitFor } from '../lib';
import { type Ack, verifyMoney } from '../money';
import { check, summary } from '../report';

export async function postgresRestart(stage: Stage): Promise<void> {
  const { lb, db, pg, players, allReady } = stage;
  setScenario('postgresRestart');
  const loadAcks: Ack[] = [];
  let stopLoad = false;
  let seq = 0;
  const loadWorkers = players.slice(0, 6).map(async (p, i) => {
    while (!stopLoad) {
      const key = `cluster-pg-${i}-${seq++}`;
      if (seq % 4 === 0) {
        loadAcks.push({ player: p, key, kind: 'recharge', id: await recharge(lb.url, p, 100_00, key) });
      } else {
        const s = await roomState(lb.url);
        if (s.round.phase !== 'open' || s.round.locksAtMs - s.serverTimeMs < 2_000) {
          await sleep(300);
          continue;
        }
        const a = await placeBet(lb.url, p, s.round.period, key, 'big', 100);
        if (a.status === 200) loadAcks.push({ player: p, key, kind: 'bet', id: String((a.body.data!.bet as { id: string }).id) });
        else if (!['ROUND_LOCKED', 'ROUND_CLOSED'].includes(a.body.error?.code ?? '')) throw new Error(`load bet: ${a.status} ${JSON.stringify(a.body)}`);
      }
      await sleep(50);
    }
  });
  const pgFigures: Record<string, unknown> = {};
  for (const mode of ['fast', 'immediate'] as const) {
    await sleep(1_500);
    const before = { ...failures.postgresRestart };
    const stoppedAt = Date.now();
    pg.stop(mode);
    await sleep(1_500);
    pg.start();
    const startedAt = Date.now();
    const recoveredMs = await waitFor(`every node ready after the ${mode} restart`, allReady, 30_000, 100);
    // A request through the balancer succeeds on the first try again.
    const firstOk = await waitFor('a request through the balancer succeeds', async () => (await call(lb.url, 'GET', '/api/wallet/balance', undefined, players[0]!.token)).status === 200, 30_000, 100);
    const after = failures.postgresRestart ?? {};
    pgFigures[mode] = {
      downMs: startedAt - stoppedAt,
      nodesReadyMsAfterStart: recoveredMs,
      firstRequestOkMsAfterReady: firstOk,
      failedAttempts: Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, v]) => (v as number) > 0)),
    };
    check(`every node reconnected by itself after PostgreSQL's ${mode} restart (${recoveredMs} ms after start)`, true);
  }
  await sleep(1_500);
  stopLoad = true;
  await Promise.all(loadWorkers);
  summary.postgresRestart = pgFigures;
  const pgFailures = failures.postgresRestart ?? {};
  check(
    'requests cut by the PostgreSQL restarts failed with 503 SERVICE_UNAVAILABLE (or the balancer\'s 503 while no node was ready), never 500',
    !pgFailures['500'] && !Object.keys(pgFailures).some((k) => k.startsWith('503:') && k !== '503:balancer'),
    pgFailures,
  );
  await verifyMoney(db, 'postgresRestart', loadAcks);
}
