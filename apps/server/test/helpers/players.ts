import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/db';
import { accountCodes, ensureAccount, getBalance, HOUSE_ACCOUNTS, postTransfer } from '../../src/modules/ledger';
import { PlayerClient } from './player-client';

/** The player's id by phone. */
export async function playerIdOf(db: Db, phone: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM players WHERE phone = $1', [phone]);
  return Number(rows[0]!.id);
}

let fundSeq = 0;
/** Puts sandbox money on a player's main wallet the way a credited deposit does (house:deposits). */
export async function fund(db: Db, playerId: number, amountMinor: number): Promise<void> {
  await ensureAccount(db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await ensureAccount(db, { code: accountCodes.playerMain(playerId), kind: 'player', owner: playerId });
  await postTransfer(db, {
    idempotencyKey: `test-fund:${playerId}:${++fundSeq}:${Date.now()}`,
    kind: 'deposit',
    entries: [
      { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -amountMinor },
      { accountCode: accountCodes.playerMain(playerId), amountMinor },
    ],
  });
}

/** A registered player of a test, its browser-like client and its main wallet's balance. */
export interface TestPlayer {
  client: PlayerClient;
  playerId: number;
  phone: string;
  balance: () => Promise<number>;
}

/**
 * The one helper for a registered, funded player (decision 466), used by every server test that
 * needs one: each call registers a player through the API as the web app does, from its own
 * address (`address` of the call's number), with a phone of `prefix` and the file's next number,
 * and puts `fundMinor` on its main wallet as a credited deposit does. Each test file has its own
 * database; the prefix keeps a file's players apart from those it makes otherwise.
 */
export function playerFactory(
  t: () => { app: FastifyInstance; db: Db },
  prefix: string,
  { address = (n: number) => `203.0.113.${(n % 200) + 1}`, autoRefresh = true }: { address?: (n: number) => string; autoRefresh?: boolean } = {},
) {
  let seq = 0;
  const digits = 10 - prefix.length;
  /** `registerWith`: more fields of the registration (an invite code). */
  return async function newPlayer(fundMinor = 0, registerWith: Record<string, unknown> = {}): Promise<TestPlayer> {
    seq += 1;
    const { app, db } = t();
    const phone = `${prefix}${String((seq * 7919) % 10 ** digits).padStart(digits, '0')}`;
    const client = new PlayerClient(app, address(seq), autoRefresh);
    const registered = await client.register(phone, undefined, registerWith);
    if (registered.statusCode !== 200) throw new Error(`register answered ${registered.statusCode} ${registered.body}`);
    const playerId = await playerIdOf(db, phone);
    await ensureAccount(db, { code: accountCodes.playerMain(playerId), kind: 'player', owner: playerId });
    if (fundMinor > 0) await fund(db, playerId, fundMinor);
    return { client, playerId, phone, balance: () => getBalance(db, accountCodes.playerMain(playerId)) };
  };
}
