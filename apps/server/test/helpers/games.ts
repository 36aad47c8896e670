import type { FastifyInstance } from 'fastify';
import type { PlayerClient } from './player-client';
import type { Clock } from '../../src/lib/clock';
import { loadCatalogFile } from '../../src/modules/games';
import { signVendorCall } from '../../src/modules/vendor-wallet';

/** Test helpers shared by the games and vendor-wallet tests. */

export const catalog = loadCatalogFile().catalog;
export const launchableGame = (vendorCode: string) =>
  catalog.games.find((g) => g.vendorCode === vendorCode && g.gameUid !== '' && g.kind === 'game')!;

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
