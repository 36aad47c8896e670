/**
 * Players log in through the balancer and their sockets spread over the three nodes: the same
 * round clock everywhere, bets answered by several nodes, one result and each player's own
 * settlement on every socket.
 */
import { call, expectOk, LiveSocket, placeBet, recharge, registerPlayer, retrying, setScenario, type Player } from '../client';
import { ROUND_MS, type Cluster, type ClusterDatabase } from '../harness';
import { sleep, waitFor } from '../lib';
import { check, summary } from '../report';

export async function spreadSockets(c: Cluster<ClusterDatabase>): Promise<{ players: Player[]; sockets: LiveSocket[] }> {
  const { lb, nodes, wsUrl, idOf, openRound } = c;
  setScenario('spread');
  const players: Player[] = [];
  for (let i = 0; i < 9; i++) players.push(await registerPlayer(lb.url));
  await Promise.all(players.map(idOf));
  await Promise.all(players.map((p, i) => recharge(lb.url, p, 500_00, `cluster-first-${i}`)));
  const sockets = players.map((p) => new LiveSocket(wsUrl, p));
  await waitFor('every socket authenticated', () => sockets.every((s) => s.open), 15_000);
  const spread = new Set(sockets.map((s) => s.node));
  check('sockets are spread over the three nodes', spread.size === 3, [...spread]);
  summary.socketsPerNode = Object.fromEntries(nodes.map((n) => [n.name, sockets.filter((s) => s.node === n.name).length]));

  // Same clock on every node: the same period and draw time for the room, server times close.
  await sleep(1_500);
  const clocks = sockets.map((s) => s.lastClock()!);
  const room30 = clocks.map((c) => c.rounds.find((r) => r.roomId === '30s')!);
  const sameRound = room30.every((r) => r.period === room30[0]!.period && r.drawsAtMs === room30[0]!.drawsAtMs);
  // Allow for a round boundary between two clock messages.
  const sameRoundOrNext = sameRound || new Set(room30.map((r) => r.period)).size <= 2;
  check('every socket shows the same round clock whichever node it is on', sameRoundOrNext, room30);
  const serverTimes = clocks.map((c) => c.serverTimeMs);
  check('server times of the nodes agree within 1.5 s', Math.max(...serverTimes) - Math.min(...serverTimes) < 1_500, serverTimes);

  // Everybody bets on one round through the balancer; every socket gets the same result and
  // each player their own settlement, whichever node they bet on and listen on.
  const r1 = await openRound(8_000);
  const betNodes = new Set<string | undefined>();
  await Promise.all(
    players.map(async (p, i) => {
      const a = await placeBet(lb.url, p, r1.round.period, `cluster-r1-${i}`, i % 2 ? 'big' : 'small');
      expectOk(a, 'bet');
      betNodes.add(a.node);
    }),
  );
  check('bets were answered by several nodes', betNodes.size >= 2, [...betNodes]);
  await waitFor(`round ${r1.round.period} result on every socket`, () => sockets.every((s) => s.results(r1.round.period).length > 0 && s.settlements(r1.round.period).length > 0), ROUND_MS + 15_000, 200);
  const digits = new Set(sockets.flatMap((s) => s.results(r1.round.period).map((r) => r.digit)));
  check('every socket got the same result', digits.size === 1, [...digits]);
  const balancesOk = await Promise.all(
    sockets.map(async (s) => {
      const pushed = s.settlements(r1.round.period).at(-1)!.balanceMinor;
      const now = expectOk(await retrying(() => call(lb.url, 'GET', '/api/wallet/balance', undefined, s.player.token)), 'balance').balanceMinor;
      return pushed === now;
    }),
  );
  check('each socket got its own player\'s settlement with the balance the API shows', balancesOk.every(Boolean), balancesOk);
  return { players, sockets };
}
