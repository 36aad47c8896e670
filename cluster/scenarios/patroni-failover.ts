/**
 * The database machine dies (decision 425): kill -9 of the Patroni leader's PostgreSQL and
 * Patroni together while players send bets and recharges through the balancer with client
 * retries. The synchronous standby takes over within 30 s; cut requests are answered 503 with
 * Retry-After (never 500); every acknowledged bet and credit exists exactly once; the round
 * leader's jobs go on on the new primary; and the old primary, once its Patroni runs again,
 * rejoins as a replica by itself (pg_rewind).
 */
import { call, failures, placeBet, recharge, registerPlayer, roomState, setScenario, type Player } from '../client';
import type { Patroni } from '../ha';
import { ROUND_MS, type Cluster } from '../harness';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { base, sleep, waitFor } from '../lib';
import { type Ack, verifyMoney } from '../money';
import { check, summary } from '../report';

/** An acknowledged bet or credit with when it was sent and answered (the restore drill's test). */
export type TimedAck = Ack & { sentAtMs: number; ackedAtMs: number };

/** Six players with money, registered through the balancer. */
export async function fundedPlayers(c: Cluster<Patroni>, count = 6): Promise<Player[]> {
  setScenario('setup');
  const players: Player[] = [];
  for (let i = 0; i < count; i++) players.push(await registerPlayer(c.lb.url));
  await Promise.all(players.map(c.idOf));
  await Promise.all(players.map((p, i) => recharge(c.lb.url, p, 500_00, `ha-first-${i}`)));
  return players;
}

/**
 * Bets and recharges from every player until `stop()`, retried like a client does (same key).
 * Bets go to the 30 s room's open round; a round about to lock is skipped.
 */
export function load(lbUrl: string, players: Player[], prefix: string) {
  const acks: TimedAck[] = [];
  let stopped = false;
  let seq = 0;
  const workers = players.map(async (p, i) => {
    while (!stopped) {
      const key = `${prefix}-${i}-${seq++}`;
      const sentAtMs = Date.now();
      if (seq % 4 === 0) {
        const id = await recharge(lbUrl, p, 100_00, key);
        acks.push({ player: p, key, kind: 'recharge', id, sentAtMs, ackedAtMs: Date.now() });
      } else {
        const s = await roomState(lbUrl);
        if (s.round.phase !== 'open' || s.round.locksAtMs - s.serverTimeMs < 2_000) {
          await sleep(300);
          continue;
        }
        const a = await placeBet(lbUrl, p, s.round.period, key, 'big', 100);
        if (a.status === 200) acks.push({ player: p, key, kind: 'bet', id: String((a.body.data!.bet as { id: string }).id), sentAtMs, ackedAtMs: Date.now() });
        else if (!['ROUND_LOCKED', 'ROUND_CLOSED'].includes(a.body.error?.code ?? '')) throw new Error(`load bet: ${a.status} ${JSON.stringify(a.body)}`);
      }
      await sleep(50);
    }
  });
  return {
    acks,
    async stop(): Promise<TimedAck[]> {
      stopped = true;
      await Promise.all(workers);
      return acks;
    },
  };
}

export async function patroniFailover(c: Cluster<Patroni>, players: Player[]): Promise<TimedAck[]> {
  const { lb, db, pg, leaderOf } = c;
  setScenario('patroniFailover');
  const burst = load(lb.url, players, 'ha-failover');
  await waitFor('the burst under way', () => burst.acks.length >= 20, 60_000, 20);
  const oldLeader = await pg.leaderName();
  const victim = pg.members.find((m) => m.name === oldLeader);
  if (!victim) throw new Error('no Patroni leader');
  const killedAt = Date.now();
  await pg.killMember(victim);
  const newLeaderMs = await waitFor('a new Patroni leader', async () => {
    const name = await pg.leaderName();
    return name !== undefined && name !== victim.name;
  }, 60_000, 100);
  const newLeader = await pg.leaderName();
  // The first bet or credit answered 200 after the kill.
  await waitFor('a bet or credit acknowledged after the kill', () => burst.acks.some((a) => a.sentAtMs > killedAt), 60_000, 50);
  const firstAckMs = Math.min(...burst.acks.filter((a) => a.sentAtMs > killedAt).map((a) => a.ackedAtMs)) - killedAt;
  // Keep the load going a little on the new primary.
  const acksAtRecovery = burst.acks.length;
  await waitFor('load on the new primary', () => burst.acks.length >= acksAtRecovery + 30, 60_000, 50);
  const acks = await burst.stop();
  const seen = { ...failures.patroniFailover };
  summary.patroniFailover = {
    killed: victim.name,
    newLeader,
    newLeaderMs,
    firstAcknowledgedMsAfterKill: firstAckMs,
    failedAttempts: seen,
    acknowledged: acks.length,
  };
  check(`a new Patroni leader within 30 s of the kill (${newLeader}, ${newLeaderMs} ms)`, newLeaderMs <= 30_000, newLeaderMs);
  // ROOM_NOT_READY (503) is the room's state asked before the round tick, waiting for the new
  // primary, has opened the next round: retried like the others.
  const expected503 = new Set(['503:balancer', '503:ROOM_NOT_READY']);
  check(
    'requests cut by the failover were answered 503 SERVICE_UNAVAILABLE with Retry-After (or the balancer\'s 503, or ROOM_NOT_READY), never 500',
    !seen['500'] && !Object.keys(seen).some((k) => k.startsWith('503:') && !expected503.has(k)),
    seen,
  );
  await verifyMoney(db, 'patroniFailover', acks);
  // The failover in the nodes' logs and metrics (decision 427): a warning or two per node, no
  // stacks, and the outage counted.
  const quiet = await Promise.all(c.nodes.map(async (n) => {
    const lines = readFileSync(path.join(base, `${n.name}.log`), 'utf8').split('\n').filter((l) => l.startsWith('{'));
    const after = lines.map((l) => JSON.parse(l) as { time: number; level: number; msg: string; err?: unknown }).filter((l) => l.time >= killedAt && l.level >= 40);
    const metrics = await fetch(`${c.nodeUrl(n)}/metrics`, { headers: { authorization: `Bearer ${c.metricsToken}` } }).then((r) => r.text(), () => '');
    const outages = Number(/^database_outages_total (\d+)/m.exec(metrics)?.[1] ?? 0);
    return { node: n.name, outageLines: after.filter((l) => l.msg.startsWith('database unavailable')).length, withStack: after.filter((l) => JSON.stringify(l).includes('"stack"')).length, outages };
  }));
  summary.patroniFailover = { ...(summary.patroniFailover as object), logs: quiet };
  check(
    'each node logged the failover in at most two lines without a stack and counted it in database_outages_total',
    quiet.every((q) => q.outageLines >= 1 && q.outageLines <= 2 && q.withStack === 0 && q.outages >= 1),
    quiet,
  );
  // Jobs under the leader lock go on on the new primary: one node leads the rounds and a round
  // is drawn after the kill.
  await waitFor('one node leading lottery.rounds', async () => (await leaderOf('lottery.rounds')).length === 1, 30_000, 200);
  const drawnMs = await waitFor('a round of the 30 s room drawn on the new primary', async () => {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lottery_rounds WHERE room_id = '30s' AND drawn_at > to_timestamp($1 / 1000.0)`, [killedAt]);
    return rows[0]!.n > 0;
  }, ROUND_MS + 30_000, 250);
  check(`rounds are drawn on the new primary (the first ${drawnMs} ms after the load stopped)`, true);

  // The machine is back: its Patroni starts, finds another leader, rewinds and follows it.
  const restartedAt = Date.now();
  pg.startMember(victim);
  const rejoinMs = await waitFor(`${victim.name} back as a streaming replica`, async () => {
    const v = await pg.view();
    const leader = v?.members.find((m) => m.role === 'leader');
    const old = v?.members.find((m) => m.name === victim.name);
    return !!old && !!leader && old.role !== 'leader' && (old.state === 'streaming' || old.state === 'running') && old.timeline === leader.timeline;
  }, 120_000, 250);
  summary.patroniFailover = { ...(summary.patroniFailover as object), oldPrimaryRejoinedMs: rejoinMs, restartedAfterKillMs: restartedAt - killedAt };
  check(`the old primary rejoined as a replica on the new timeline (${rejoinMs} ms after its Patroni started)`, true);
  await waitFor('two streaming replicas again', pg.healthy, 60_000, 250);
  const answer = await call(lb.url, 'GET', '/api/wallet/balance', undefined, players[0]!.token);
  check('the app answers through the balancer after the rejoin', answer.status === 200, answer.status);
  return acks;
}
