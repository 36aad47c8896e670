import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { formatMinorIn } from '@colorplay/contract/money-format';
import { commitmentOf, crashPayout, crashRound, MAX_TARGET, MIN_TARGET } from './crash';
import type { VendorGame } from './games';
import { paytableFor, spin, TOTAL_WEIGHT } from './slot';
import { WalletRefused, type WalletClient } from './wallet-client';

/**
 * The demo vendor's web server: the game page the operator's launch redirect lands on, and the
 * round endpoint its page calls. It knows the operator only through the session token in the
 * launch address and the signed wallet API.
 */
export const BET_PRESETS_MINOR = [100, 500, 1000, 5000];

const publicDir = path.resolve(import.meta.dirname, '../public');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// The platform's one money format (decision 474), so the vendor's page writes ₹1,000.00 as the app does.
const money = (minor: number) => formatMinorIn('en-IN', minor);

/** What a played round did, in words (a return of only the stake is not "You won"). */
export function roundResultText(betMinor: number, winMinor: number): string {
  if (winMinor > betMinor) return `You won ${money(winMinor)} (${money(winMinor - betMinor)} more than your bet)!`;
  if (winMinor === betMinor) return `Your ${money(betMinor)} bet came back: no gain, no loss.`;
  if (winMinor > 0) return `You got ${money(winMinor)} back of your ${money(betMinor)} bet.`;
  return 'No win this time.';
}
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'content-security-policy': CSP, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' });
  res.end(body);
}
const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, 'application/json', JSON.stringify(body));

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="/static/play.css"></head><body>${body}<script src="/static/play.js"></script></body></html>`;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

export type VendorServerDeps = { wallet: WalletClient; games: ReadonlyMap<string, VendorGame>; lobbyUrl: string };

export function createVendorServer({ wallet, games, lobbyUrl }: VendorServerDeps): Server {
  // Crash commitments per session: the seed whose hash the player saw before betting.
  const seeds = new Map<string, { serverSeed: string; nonce: number }>();
  const seedOf = (session: string) => {
    let s = seeds.get(session);
    if (!s) seeds.set(session, (s = { serverSeed: randomBytes(32).toString('hex'), nonce: 0 }));
    return s;
  };

  async function play(req: IncomingMessage, res: ServerResponse, url: URL) {
    const session = url.searchParams.get('session') ?? '';
    const game = games.get(url.searchParams.get('game') ?? '');
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(session) || !game) {
      return send(res, 404, 'text/html; charset=utf-8', page('Game not found', `<main><h1>Game not found</h1><p><a href="${esc(lobbyUrl)}">Back to the lobby</a></p></main>`));
    }
    let info;
    try {
      info = await wallet.session(session);
    } catch (err) {
      const status = err instanceof WalletRefused ? 401 : 503;
      const text = status === 401 ? 'This game session is not valid. Open the game again from the lobby.' : 'The casino cannot be reached right now. Please try again shortly.';
      return send(res, status, 'text/html; charset=utf-8', page('Cannot open the game', `<main><h1>Cannot open the game</h1><p>${text}</p><p><a href="${esc(lobbyUrl)}">Back to the lobby</a></p></main>`));
    }
    if (info.gameUid !== game.gameUid) return send(res, 403, 'text/html; charset=utf-8', page('Wrong game', '<main><h1>This session is for another game</h1></main>'));
    const presets = BET_PRESETS_MINOR.map((b, i) => `<label><input type="radio" name="bet" value="${b}"${i === 0 ? ' checked' : ''}> ${money(b)}</label>`).join('');
    const rtp = (game.rtpBasisPoints / 100).toFixed(2);
    let controls: string;
    if (game.engine === 'slot') {
      const table = paytableFor(game.rtpBasisPoints);
      const rows = table.lines.map((l) => `<tr><td>3 × ${l.symbol}</td><td>${l.multiplier}×</td><td>${((l.weight / TOTAL_WEIGHT) * 100).toFixed(4)}%</td></tr>`).join('');
      controls = `<div class="reels" id="reels" aria-live="polite"><span>?</span><span>?</span><span>?</span></div>
<button type="button" id="play" class="primary">Spin</button>
<details><summary>Paytable (return to player ${rtp}%)</summary><table><thead><tr><th>Line</th><th>Pays</th><th>Chance</th></tr></thead><tbody>${rows}</tbody></table></details>`;
    } else {
      const commitment = commitmentOf(seedOf(session).serverSeed);
      controls = `<label for="target">Cash out at (×)</label> <input id="target" type="number" min="${MIN_TARGET}" max="${MAX_TARGET}" step="0.01" value="2.00">
<div class="crash" id="crash" aria-live="polite">Ready</div>
<button type="button" id="play" class="primary">Launch</button>
<p class="fair">Next round's seed hash: <code id="commitment">${commitment}</code> (the seed is shown after the round; crash point = HMAC-SHA256(seed, "clientSeed:nonce"), return to player ${rtp}%).</p>
<p class="fair" id="reveal"></p>`;
    }
    send(
      res,
      200,
      'text/html; charset=utf-8',
      page(
        game.title,
        `<main id="game" data-session="${esc(session)}" data-game="${esc(game.gameUid)}" data-engine="${game.engine}">
<header><h1>${esc(game.title)}</h1><p class="vendor">${esc(game.vendorCode)} · Demo vendor</p></header>
<p>Balance: <strong id="balance" aria-live="polite">${money(info.balanceMinor)}</strong></p>
<fieldset><legend>Bet</legend>${presets}</fieldset>
${controls}
<p id="message" role="status"></p>
<p><a href="${esc(lobbyUrl)}">Back to the lobby</a></p>
</main>`,
      ),
    );
  }

  async function round(req: IncomingMessage, res: ServerResponse) {
    const body = await readJson(req);
    const session = typeof body?.session === 'string' ? body.session : '';
    const game = games.get(typeof body?.game === 'string' ? body.game : '');
    const betMinor = Number(body?.betMinor);
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(session) || !game || !BET_PRESETS_MINOR.includes(betMinor)) {
      return json(res, 400, { outcome: 'invalid', message: 'Choose a bet and try again.' });
    }
    let target = 0;
    if (game.engine === 'crash') {
      target = Math.round(Number(body?.target) * 100) / 100;
      if (!(target >= MIN_TARGET && target <= MAX_TARGET)) return json(res, 400, { outcome: 'invalid', message: `Pick a cash-out between ${MIN_TARGET} and ${MAX_TARGET}.` });
    }
    const roundId = randomUUID();
    let debit;
    try {
      debit = await wallet.debit({ sessionToken: session, txId: `bet-${roundId}`, roundId, amountMinor: betMinor });
    } catch (err) {
      if (err instanceof WalletRefused) return json(res, 401, { outcome: 'refused', message: 'This game session is not valid any more.' });
      throw err;
    }
    if (debit === 'in_doubt') {
      return json(res, 503, { outcome: 'network', message: 'The casino could not be reached. The bet was cancelled and nothing was taken.' });
    }
    if (debit.status === 'insufficient_funds') return json(res, 200, { outcome: 'insufficient_funds', balanceMinor: debit.balanceMinor, balanceText: money(debit.balanceMinor), message: 'Insufficient balance. Please recharge.' });
    if (debit.status !== 'ok') return json(res, 200, { outcome: 'refused', balanceMinor: debit.balanceMinor, balanceText: money(debit.balanceMinor), message: 'Your session has ended. Open the game again from the lobby.' });

    let multiplier: number;
    let detail: Record<string, unknown>;
    if (game.engine === 'slot') {
      const result = spin(paytableFor(game.rtpBasisPoints), randomInt(TOTAL_WEIGHT), randomInt(216));
      multiplier = result.multiplier;
      detail = { reels: result.reels };
    } else {
      const s = seedOf(session);
      const clientSeed = typeof body?.clientSeed === 'string' && /^[A-Za-z0-9]{1,64}$/.test(body.clientSeed) ? body.clientSeed : 'player';
      const crashPoint = crashRound(s.serverSeed, clientSeed, s.nonce, game.rtpBasisPoints);
      multiplier = crashPayout(crashPoint, target);
      detail = { crashPoint, target, serverSeed: s.serverSeed, clientSeed, nonce: s.nonce };
      // A fresh seed for the next round; its hash goes to the player now.
      seeds.set(session, { serverSeed: randomBytes(32).toString('hex'), nonce: s.nonce + 1 });
      detail.nextCommitment = commitmentOf(seeds.get(session)!.serverSeed);
    }
    const winMinor = Math.floor((betMinor * Math.round(multiplier * 100)) / 100);
    let balanceMinor = debit.balanceMinor;
    let creditPending = false;
    if (winMinor > 0) {
      const credit = await wallet.credit({ sessionToken: session, txId: `win-${roundId}`, roundId, amountMinor: winMinor });
      if (credit === 'queued') {
        creditPending = true;
        balanceMinor += winMinor;
      } else balanceMinor = credit.balanceMinor;
    }
    return json(res, 200, {
      outcome: 'played',
      multiplier,
      winMinor,
      balanceMinor,
      balanceText: money(balanceMinor),
      resultText: roundResultText(betMinor, winMinor),
      creditPending,
      ...detail,
    });
  }

  const staticFiles: Record<string, [string, string]> = {
    '/static/play.js': ['play.js', 'text/javascript; charset=utf-8'],
    '/static/play.css': ['play.css', 'text/css; charset=utf-8'],
  };

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://vendor.invalid');
    const handle = async () => {
      if (req.method === 'GET' && url.pathname === '/play') return play(req, res, url);
      if (req.method === 'POST' && url.pathname === '/round') return round(req, res);
      if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { ok: true });
      const file = staticFiles[url.pathname];
      if (req.method === 'GET' && file) return send(res, 200, file[1], readFileSync(path.join(publicDir, file[0]), 'utf8'));
      return json(res, 404, { outcome: 'not_found' });
    };
    handle().catch((err: unknown) => {
      process.stderr.write(`demo-vendor: ${err instanceof Error ? err.stack : String(err)}\n`);
      if (!res.headersSent) json(res, 500, { outcome: 'error', message: 'Something went wrong. Your balance is safe; please try again.' });
    });
  });
}
