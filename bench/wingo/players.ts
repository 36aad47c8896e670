/**
 * The bench's players and rounds: players registered through the real routes (few, for the
 * closed loop), players made directly in the database (thousands, for the bursts), and waiting
 * for a 30 s round with enough betting time left.
 */
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/db';
import { prefixedId } from '../../apps/server/src/lib/ids';
import { createAccessTokens } from '../../apps/server/src/modules/auth';
import { accountCodes, ensureAccount, HOUSE_ACCOUNTS, postTransfer, postTransfers, withTransaction } from '../../apps/server/src/modules/ledger';

const PASSWORD = 'Bench-Marigold-77';
const FUNDS_MINOR = 100_000_000;

/**
 * `count` players registered through the real routes (inject, so each can have its own address
 * for the registration rate limits: code request, the sandbox SMS outbox, register), each funded.
 * Returns their access tokens.
 */
export async function registeredPlayers(app: FastifyInstance, db: Db, count: number): Promise<string[]> {
  const call = async (method: 'GET' | 'POST', url: string, address: string, body?: unknown) => {
    const res = await app.inject({ method, url, remoteAddress: address, ...(body ? { payload: body as object } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
    return res.json().data as Record<string, unknown>;
  };
  await ensureAccount(db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  const tokens: string[] = [];
  const stamp = Date.now() % 100_000;
  for (let i = 0; i < count; i++) {
    const address = `198.51.${100 + (i >> 8)}.${(i % 250) + 1}`;
    const phone = `9${String(stamp).padStart(5, '0')}${String(i).padStart(4, '0')}`;
    const { sandboxHandle } = await call('POST', '/api/register/request-code', address, { phone });
    const outbox = await call('GET', `/api/sandbox/sms-outbox?handle=${String(sandboxHandle)}`, address);
    const code = /\b(\d{6})\b/.exec((outbox.messages as { body: string }[])[0]?.body ?? '')?.[1];
    const token = (await call('POST', '/api/register', address, { phone, code, password: PASSWORD, ageConfirmed: true })).token as string;
    const playerId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
    const account = accountCodes.playerMain(playerId);
    await ensureAccount(db, { code: account, kind: 'player', owner: playerId });
    await postTransfer(db, {
      idempotencyKey: `bench-fund-${playerId}`,
      kind: 'deposit',
      entries: [
        { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -FUNDS_MINOR },
        { accountCode: account, amountMinor: FUNDS_MINOR },
      ],
    });
    tokens.push(token);
  }
  return tokens;
}

/**
 * `count` players made directly in the database (registration's argon2id would take minutes
 * for thousands), each with an open session, a signed access token and a funded account. Their
 * public ids start at 1,000,000,000, above the 8-digit ids registration draws at random: one of
 * the closed loop's registered players once drew an id a burst's players then took.
 */
export async function bulkPlayers(db: Db, tokenSecret: string, count: number, tag: number): Promise<string[]> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO players (uid, phone, password_hash, nickname, age_confirmed_at)
     SELECT 1000000000 + $2::bigint * 1000000 + i, '6' || lpad(($2::bigint * 100000 + i)::text, 9, '0'), 'bench-no-login', 'bench', now()
       FROM generate_series(1, $1) AS i RETURNING id`,
    [count, tag],
  );
  const ids = rows.map((r) => Number(r.id));
  const now = new Date();
  const sessions = ids.map(() => prefixedId('ses'));
  await db.query(
    `INSERT INTO sessions (id, player_id, created_at, expires_at) SELECT s, p, $3, $4 FROM unnest($1::text[], $2::bigint[]) AS u(s, p)`,
    [sessions, ids, now, new Date(now.getTime() + 86_400_000)],
  );
  for (const id of ids) await ensureAccount(db, { code: accountCodes.playerMain(id), kind: 'player', owner: id });
  await withTransaction(db, (tx) =>
    postTransfers(
      tx,
      ids.map((id) => ({
        idempotencyKey: `bench-fund-${id}`,
        kind: 'deposit',
        entries: [
          { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -FUNDS_MINOR },
          { accountCode: accountCodes.playerMain(id), amountMinor: FUNDS_MINOR },
        ],
      })),
    ),
  );
  const tokens = createAccessTokens(tokenSecret);
  return Promise.all(ids.map(async (id, i) => (await tokens.sign({ playerId: id, sessionId: sessions[i]! }, now)).token));
}

/** Waits for a 30 s round played by a chain (from `firstPeriod`) whose lock is at least `leadMs` away. */
export async function roundWithLead(firstPeriod: string, leadMs: number) {
  const room = WINGO_ROOMS['30s'];
  let current = roundAt(room, Date.now());
  while (current.period < firstPeriod || current.locksAtMs - Date.now() < leadMs) {
    await new Promise((r) => setTimeout(r, current.drawsAtMs - Date.now() + 50));
    current = roundAt(room, Date.now());
  }
  return current;
}
