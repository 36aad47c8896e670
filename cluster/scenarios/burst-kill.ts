/**
 * kill -9 a node (not the round leader) while every player sends bets and recharges: every
 * acknowledged one exists exactly once. The node is then restarted.
 */
import { expectOk, placeBet, recharge, setScenario } from '../client';
import type { Stage } from '../harness';
import { killNode, startNode, waitFor, type AppNode } from '../lib';
import { type Ack, verifyMoney } from '../money';
import { summary } from '../report';

export async function burstKill(stage: Stage, newLeader: AppNode | undefined): Promise<void> {
  const { lb, db, env, nodes, players, openRound } = stage;
  setScenario('burstKill');
  const r3 = await openRound(15_000);
  const acks: Ack[] = [];
  let stopBurst = false;
  const burst = players.map(async (p, i) => {
    for (let k = 0; !stopBurst && k < 12; k++) {
      const key = `cluster-burst-${i}-${k}`;
      if (k % 3 === 2) {
        acks.push({ player: p, key, kind: 'recharge', id: await recharge(lb.url, p, 100_00, key) });
      } else {
        const a = await placeBet(lb.url, p, r3.round.period, key, 'small', 100);
        acks.push({ player: p, key, kind: 'bet', id: String((expectOk(a, 'burst bet').bet as { id: string }).id) });
      }
    }
  });
  // Killed once the burst is well under way, so requests are in flight on it.
  const burstStarted = Date.now();
  await waitFor('the burst under way', () => acks.length >= 20, 20_000, 5);
  const victim = nodes.find((n) => n.up && n !== newLeader) ?? nodes[2]!;
  const acksBeforeKill = acks.length;
  await killNode(victim);
  await Promise.all(burst);
  stopBurst = true;
  summary.burstKill = { killed: victim.name, burstMs: Date.now() - burstStarted, acknowledgedBeforeKill: acksBeforeKill, acknowledgedAfterKill: acks.length - acksBeforeKill };
  await verifyMoney(db, 'burst', acks);
  await startNode(victim, env);
}
