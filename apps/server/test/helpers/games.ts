import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/db';
import { PlayerClient } from './player-client';
import type { Clock } from '../../src/lib/clock';
import { loadCatalogFile } from '../../src/modules/games';
import { signVendorCall } from '../../src/modules/vendor-wallet';
import { accountCodes, ensureAccount, HOUSE_ACCOUNTS, postTransfer } from '../../src/modules/ledger';

/** Test helpers shared by the games and vendor-wallet tests. */

export const catalog = loadCatalogFile().catalog;
export const launchableGame = (vendorCode: string) =>
  catalog.games.find((g) => g.vendorCode === vendorCode && g.gameUid !== '' && g.kind === 'game')!;

export async function playerIdOf(db: Db, phone: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM players WHERE phone = $1', [phone]);
  return rows[0]!.id;
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

/** Mints a ticket and opens the launch address like the browser's new tab does. */
export async function launch(app: FastifyInstance, player: PlayerClient, gameUid: string) {
  const minted = await player.call('POST', '/api/games/launch-ticket', { gameId: gameUid });
  if (minted.statusCode !== 200) throw new Error(`launch-ticket answered ${minted.statusCode} ${minted.body}`);
  const ticket = minted.json().data.ticket as string;
  const opened = await app.inject({
    method: 'GET',
    url: `/api/games/open-game-url?token=${encodeURIComponent(ticket)}&game_id=${gameUid}`,
    headers: { accept: 'text/html' },
  });
  return { ticket, opened, sessionToken: opened.statusCode === 302 ? new URL(opened.headers.location as string).searchParams.get('session')! : '' };
}

/**
 * Numbered players of one test file: each registers through the API from its own address, with a
 * phone of `prefix` (two digits, apart from other files' players), funded with `fundMinor`.
 */
export function playerFactory(app: () => FastifyInstance, db: () => Db, prefix: string) {
  let seq = 0;
  return async function newPlayer(fundMinor = 0) {
    seq += 1;
    const phone = `${prefix}${String(10_000_000 + seq * 7919).padStart(8, '0')}`;
    const client = new PlayerClient(app(), `203.0.113.${(seq % 200) + 1}`, true);
    const registered = await client.register(phone);
    if (registered.statusCode !== 200) throw new Error(`register answered ${registered.statusCode} ${registered.body}`);
    const playerId = await playerIdOf(db(), phone);
    if (fundMinor > 0) await fund(db(), playerId, fundMinor);
    return { client, playerId, phone };
  };
}

let debitSeq = 0;
/** The demo vendor's signed wallet debit of `amountMinor` in a session (a new transaction and round each call). */
export function vendorDebit(app: FastifyInstance, clock: Clock, secret: string, sessionToken: string, amountMinor: number) {
  debitSeq += 1;
  const raw = JSON.stringify({ sessionToken, txId: `test-debit-${debitSeq}-${Math.random().toString(36).slice(2, 8)}`, roundId: `test-round-${debitSeq}`, amountMinor });
  return app.inject({
    method: 'POST',
    url: '/api/vendor-wallet/demo/debit',
    headers: { 'content-type': 'application/json', 'x-colorplay-signature': signVendorCall(secret, raw, clock.now()) },
    payload: raw,
  });
}
