/**
 * Single use and limits hold across nodes: a launch ticket, a registration code, the code resend
 * cooldown, the login slowdown and a bet's idempotency key, each tried on two nodes at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { call, expectOk, PASSWORD, placeBet, readSandboxCode, setScenario } from '../client';
import type { Stage } from '../harness';
import { ROOT } from '../lib';
import { check } from '../report';

export async function acrossNodes(stage: Stage): Promise<void> {
  const { db, nodes, players, nodeUrl, openRound } = stage;
  setScenario('acrossNodes');
  const [a, b] = [nodeUrl(nodes[0]!), nodeUrl(nodes[1]!)];
  const catalog = JSON.parse(readFileSync(path.join(ROOT, 'catalog/games.json'), 'utf8')) as { games: Array<{ vendorCode: string; gameUid: string; kind: string }> };
  const game = catalog.games.find((g) => g.vendorCode === 'JILI' && g.gameUid !== '' && g.kind === 'game')!;
  let ticketWins = 0;
  for (let i = 0; i < 5; i++) {
    const t = String(expectOk(await call(a, 'POST', '/api/games/launch-ticket', { gameId: game.gameUid }, players[0]!.token), 'ticket').ticket);
    const url = `/api/games/open-game-url?token=${encodeURIComponent(t)}&game_id=${game.gameUid}`;
    const both = await Promise.all([call(a, 'GET', url), call(b, 'GET', url)]);
    const wins = both.filter((x) => x.status === 302).length;
    if (wins === 1 && both.some((x) => x.status === 401)) ticketWins++;
  }
  check('the same launch ticket sent to two nodes at once: exactly one wins (5 of 5)', ticketWins === 5, ticketWins);
  // One registration code, used on two nodes at once: one account.
  const phone = `8${String(Date.now()).slice(-9)}`;
  const codeReq = expectOk(await call(a, 'POST', '/api/register/request-code', { phone }), 'code');
  const regCode = await readSandboxCode(a, String(codeReq.sandboxHandle));
  const regs = await Promise.all([a, b].map((u) => call(u, 'POST', '/api/register', { phone, code: regCode, password: PASSWORD, ageConfirmed: true })));
  check('one registration code used on two nodes at once registers once', regs.filter((r) => r.status === 200).length === 1, regs.map((r) => r.status));
  // The resend cooldown of a code holds across nodes.
  const phone2 = `7${String(Date.now()).slice(-9)}`;
  expectOk(await call(a, 'POST', '/api/register/request-code', { phone: phone2 }), 'first code');
  const again = await call(b, 'POST', '/api/register/request-code', { phone: phone2 });
  check('the code resend cooldown set on one node holds on another (429)', again.status === 429, again.status);
  // The login slowdown counts failures from every node.
  const victimPhone = players[6]!.phone;
  const tries = [];
  for (let i = 0; i < 8; i++) tries.push(await call(nodeUrl(nodes[i % 3]!), 'POST', '/api/login', { phone: victimPhone, password: 'Wrong-password-1' }));
  check('login failures spread over the nodes are counted together (429 after 5)', tries.slice(5).some((t) => t.status === 429), tries.map((t) => t.status));
  // One bet idempotency key on two nodes at once: one bet, one debit.
  const r4 = await openRound(5_000);
  const sameKey = await Promise.all([a, b].map((u) => placeBet(u, players[5]!, r4.round.period, 'cluster-same-key', 'red', 100)));
  const ids = sameKey.map((x) => (x.body.data?.bet as { id?: string } | undefined)?.id);
  const { rows: dup } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lottery_bets WHERE player_id = $1 AND idempotency_key = 'cluster-same-key'`, [players[5]!.playerId]);
  check('one bet key sent to two nodes at once: the same bet, placed once', sameKey.every((x) => x.status === 200) && ids[0] === ids[1] && dup[0]!.n === 1, { statuses: sameKey.map((x) => x.status), ids, rows: dup[0]!.n });
}
