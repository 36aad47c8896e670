/**
 * Settlement: one round of `bets` bets from `players` players, on a database of its own and a
 * fake clock, timed around `settleRound` (one transaction) and until the outbox has delivered the
 * round's events (what players wait for); the ledger's invariants after it. Any game of the
 * engine (Wingo by default; K3, 5D and Trx Win spread the bets over their rule table's selections
 * the same way). Trx Win reads its blocks from an in-memory node serving the sandbox chain's
 * blocks (real ids, checked as a full node's answers are), so the draw is the production path.
 */

/** A TRON node in memory: the sandbox chain's blocks, one per 3 s slot up to the clock's now. */
function memoryTronNode(clock: Clock): TronFullNodeClient {
  const seed = new Uint8Array(32).fill(7);
  const key = sandboxWitnessKey('bench-sandbox-tron-witness-secret-0123456789');
  const slot = (ms: number) => Math.floor(ms / 3_000);
  const genesis = slot(clock.now().getTime()) - 20;
  const blocks: TronBlock[] = [];
  const upTo = (n: number) => {
    for (let k = genesis + blocks.length; k <= n; k++) {
      const checked = checkTronBlock(sandboxBlockJson(sandboxBlock(seed, k, blocks.at(-1)?.blockId ?? '0'.repeat(64)), key));
      if (!checked.ok) throw new Error(checked.reason);
      blocks.push(checked.block);
    }
  };
  const byNumber = async (n: number) => {
    const head = slot(clock.now().getTime());
    if (n < genesis || n > head) return null;
    upTo(n);
    return blocks[n - genesis]!;
  };
  const head = async () => byNumber(slot(clock.now().getTime()));
  // Its elected set and the witness's delegated key, as the sandbox routes answer them.
  const elected = async () => [SANDBOX_WITNESS_ADDRESS];
  const witnessSigner = async () => signerAddressOf(key);
  return { name: 'memory', head, nowBlock: head, byNumber, blockByNumber: byNumber, electedWitnesses: elected, witnessSigner };
}
import { lotteryGame, roundAt, type Room } from '@colorplay/lottery';
import { performance } from 'node:perf_hooks';
import { openPostgres } from '../../apps/server/src/db/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { createEvents, createInProcessBus } from '../../apps/server/src/events';
import { fakeClock } from '../../apps/server/src/lib/clock';
import { accountCodes, checkInvariants, ensureAccount } from '../../apps/server/src/modules/ledger';
import { createLotteryService, createSandboxBeacon } from '../../apps/server/src/modules/lottery';
import {
  checkTronBlock,
  createTronService,
  SANDBOX_WITNESS_ADDRESS,
  sandboxBlock,
  sandboxBlockJson,
  sandboxWitnessKey,
  signerAddressOf,
  type TronBlock,
  type TronFullNodeClient,
} from '../../apps/server/src/modules/tron';
import type { Clock } from '../../apps/server/src/lib/clock';
import { createSafetyService, DEFAULT_SAFETY_SETTINGS } from '../../apps/server/src/modules/safety';
import { round2 } from './common';
import { createDatabase } from './postgres';

export async function settlementScenario(adminUrl: string, bets: number, players: number, game: 'wingo' | 'k3' | '5d' | 'trx' = 'wingo') {
  const rules = lotteryGame(game)!;
  const db = await openPostgres(await createDatabase(adminUrl, `${game === '5d' ? 'fived' : game}_settle_bench`), 4);
  await migrate(db);
  const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
  const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return log; }, level: 'silent', silent() {} } as never;
  const events = createEvents({ db, clock, bus: createInProcessBus(log), log });
  const chainSecret = 'bench-lottery-chain-secret-0123456789abcdef';
  const safety = createSafetyService({ db, clock, settings: DEFAULT_SAFETY_SETTINGS, currency: 'INR', events });
  const tron = game === 'trx' ? createTronService({ db, clock, config: { kind: 'sandbox', api: 'wallet', timeoutMs: 1_000, produceEveryMs: 1_000, witnessSecret: 'bench-sandbox-tron-witness-secret-0123456789' }, client: memoryTronNode(clock) }) : undefined;
  const lottery = createLotteryService({
    db, clock, events, log, safety, chainSecret, beacon: createSandboxBeacon({ secret: chainSecret, clock }),
    ...(tron ? { tron: { kind: 'sandbox' as const, decideDraw: tron.decideDraw } } : {}),
  });
  await lottery.tick();
  const room: Room = rules.rooms['1m']!;
  clock.advance(roundAt(room, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await lottery.tick();
  const current = roundAt(room, clock.now().getTime());
  const { rows } = await db.query<{ id: number }>("SELECT id FROM lottery_rounds WHERE game = $2 AND room_id = '1m' AND ordinal = $1", [current.ordinal, game]);
  const roundId = rows[0]!.id;
  for (let p = 1; p <= players; p++) await ensureAccount(db, { code: accountCodes.playerMain(p), kind: 'player', owner: p });
  // The bets go in directly (their stakes are not posted): what is measured is settlement.
  await db.query(
    `INSERT INTO lottery_bets (id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier,
                               total_minor, fee_minor, contract_minor, shard, placed_at, game)
     SELECT 'bet_bench' || i, $1, '1m', 1 + i % $3, 'k' || i, ($4::text[])[1 + i % cardinality($4::text[])],
            100, 1, 1, 100, 2, 98, i % 16, now(), $5
       FROM generate_series(1, $2) AS i`,
    [roundId, bets, players, [...rules.selections], game],
  );
  await db.query('ANALYZE lottery_bets');
  clock.advance(current.drawsAtMs - clock.now().getTime());
  const drawn = await lottery.drawRound(roundId);
  if (drawn !== 'drawn') throw new Error(`the ${game} round was not drawn (${drawn})`);
  const t0 = performance.now();
  const outcome = await lottery.settleRound(roundId);
  const settleMs = round2(performance.now() - t0);
  // Then its news: the outbox delivers the round's events after commit (the result and every
  // player's settlement reach the sockets only then), timed until none is left open.
  await events.settled();
  while ((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM domain_events WHERE dispatched_at IS NULL')).rows[0]!.n > 0) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await events.settled();
  }
  const settledAndDeliveredMs = round2(performance.now() - t0);
  const violations = await checkInvariants(db);
  await events.close();
  await db.close();
  return { game, bets, players, outcome, settleMs, settledAndDeliveredMs, ledgerInvariantViolations: violations.length };
}
