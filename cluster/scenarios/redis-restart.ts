/**
 * Redis stopped and started: sockets are told to fall back (1013), bets and recharges keep
 * working without it, and sockets and pushed results come back with it.
 */
import { expectOk, placeBet, recharge, setScenario } from '../client';
import { ROUND_MS, type Stage } from '../harness';
import { waitFor } from '../lib';
import { type Ack, verifyMoney } from '../money';
import { check, summary } from '../report';

export async function redisRestart(stage: Stage): Promise<void> {
  const { lb, db, redis, players, sockets, openRound } = stage;
  setScenario('redisRestart');
  const redisDownAt = Date.now();
  await redis.stop();
  // Sockets fall back: a node without its bus closes its sockets (1013) rather than leave them
  // silent on results; clients poll HTTP meanwhile and reconnect later.
  await waitFor('every socket closed by its node while Redis is down', () => sockets.every((s) => s.closes.some((c) => c.at >= redisDownAt)), 15_000, 100);
  check('sockets are told to fall back while Redis is down', sockets.every((s) => s.closes.some((c) => c.at >= redisDownAt && c.code === 1013)), sockets.map((s) => s.closes.at(-1)));
  const redisAcks: Ack[] = [];
  const rr = await openRound(8_000);
  for (const [i, p] of players.slice(0, 3).entries()) {
    const key = `cluster-redis-${i}`;
    const a = await placeBet(lb.url, p, rr.round.period, key, 'big', 100);
    redisAcks.push({ player: p, key, kind: 'bet', id: String((expectOk(a, 'bet without Redis').bet as { id: string }).id) });
    redisAcks.push({ player: p, key: `${key}-r`, kind: 'recharge', id: await recharge(lb.url, p, 100_00, `${key}-r`) });
  }
  check('bets and recharges work while Redis is down (no money path depends on it)', redisAcks.length === 6);
  await redis.start();
  const redisUpAt = Date.now();
  const socketsBackMs = await waitFor('every socket open again after Redis is back', () => sockets.every((s) => s.open), 45_000, 100);
  summary.redisRestart = { downMs: redisUpAt - redisDownAt, socketsBackMsAfterRedisUp: socketsBackMs };
  check(`sockets recover once Redis is back (${socketsBackMs} ms)`, true);
  const rNext = await openRound(0);
  await waitFor(`a result pushed to every socket after Redis is back (${rNext.round.period})`, () => sockets.every((s) => s.results(rNext.round.period).length > 0), ROUND_MS + 15_000, 200);
  check('results are pushed again on every socket', true);
  await verifyMoney(db, 'redisRestart', redisAcks);
}
