import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { launch, launchableGame } from '../../../test/helpers/games';
import { fund, playerIdOf } from '../../../test/helpers/players';
import { accountCodes, checkInvariants, getAccount } from '../ledger';
import { signVendorCall } from './signature';

/**
 * Decision 193: a seamless-wallet credit must pay a round this player was debited for (decision
 * 193), at most the round's stakes times the operator's multiple; a declared free round has its
 * own caps. Before, whoever held the vendor's secret could credit any amount to any session.
 */

const SECRET = 'test-demo-vendor-secret-0123456789abcdef';
const clock = fakeClock(new Date('2026-07-02T10:00:00Z'));
let t: TestApp;
let session: string;
let otherSession: string;
let playerId: number;
let seq = 0;
const txId = () => `credit-${++seq}`;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { VENDOR_MAX_WIN_MULTIPLE: '50', VENDOR_FREE_ROUND_MAX_MINOR: '5000', VENDOR_FREE_ROUND_DAILY_MAX_MINOR: '8000' } });
  const a = new PlayerClient(t.app, '203.0.113.51');
  expect((await a.register('9855555561')).statusCode).toBe(200);
  playerId = await playerIdOf(t.db, '9855555561');
  await fund(t.db, playerId, 1000_00);
  session = (await launch(t.app, a, launchableGame('JILI').gameUid)).sessionToken;
  const b = new PlayerClient(t.app, '203.0.113.52');
  expect((await b.register('9855555562')).statusCode).toBe(200);
  await fund(t.db, await playerIdOf(t.db, '9855555562'), 1000_00);
  otherSession = (await launch(t.app, b, launchableGame('JILI').gameUid)).sessionToken;
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

function call(name: string, body: object) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/api/vendor-wallet/demo/${name}`,
    headers: { 'content-type': 'application/json', 'x-colorplay-signature': signVendorCall(SECRET, raw, clock.now()) },
    payload: raw,
  });
}
const mainBalance = async () => (await getAccount(t.db, accountCodes.playerMain(playerId)))?.balanceMinor ?? 0;
const debit = (id: string, roundId: string, amountMinor: number, s = session) => call('debit', { sessionToken: s, txId: id, roundId, amountMinor });
const credit = (id: string, roundId: string, amountMinor: number, extra: Record<string, unknown> = {}, s = session) =>
  call('credit', { sessionToken: s, txId: id, roundId, amountMinor, ...extra });
const callRows = async (id: string) => (await t.db.query('SELECT 1 FROM vendor_wallet_calls WHERE provider = $1 AND tx_id = $2', ['demo', id])).rows.length;
const transfersOf = async (kind: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers WHERE kind = $1', [kind])).rows[0]!.n;

describe('a credit must pay a debited round', () => {
  it('refuses a credit for a round never debited, with a stable code, and changes nothing; it is taken once the debit exists', async () => {
    const before = await mainBalance();
    const wins = await transfersOf('vendor_win');
    const id = txId();
    const res = await credit(id, 'never-bet', 1_000_000_00);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('VENDOR_ROUND_NOT_DEBITED');
    expect(await mainBalance()).toBe(before);
    expect(await transfersOf('vendor_win')).toBe(wins);
    expect(await callRows(id)).toBe(0);

    // A credit that arrived before its debit is simply sent again later, under the same id.
    expect((await debit(txId(), 'late-round', 100)).json().data.status).toBe('ok');
    const again = await credit(id, 'late-round', 300);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'ok', balanceMinor: before - 100 + 300 });
  });

  it("refuses a credit for another player's round, and for a round rolled back", async () => {
    expect((await debit(txId(), 'theirs', 500, otherSession)).json().data.status).toBe('ok');
    const before = await mainBalance();
    const stolen = await credit(txId(), 'theirs', 900);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error.code).toBe('VENDOR_ROUND_NOT_DEBITED');

    const bet = txId();
    expect((await debit(bet, 'cancelled', 200)).json().data.status).toBe('ok');
    expect((await call('rollback', { sessionToken: session, txId: txId(), refTxId: bet })).json().data.status).toBe('ok');
    const afterRollback = await credit(txId(), 'cancelled', 400);
    expect(afterRollback.json().error.code).toBe('VENDOR_ROUND_NOT_DEBITED');
    expect(await mainBalance()).toBe(before);
  });

  it('pays a matched credit once; a retry answers the same and moves nothing', async () => {
    expect((await debit(txId(), 'matched', 100)).json().data.status).toBe('ok');
    const before = await mainBalance();
    const id = txId();
    const first = await credit(id, 'matched', 250);
    expect(first.json().data).toMatchObject({ status: 'ok', balanceMinor: before + 250 });
    const retry = await credit(id, 'matched', 250);
    expect(retry.json().data).toEqual(first.json().data);
    // The same id with a forged amount is a conflict, not a second payment.
    const forged = await credit(id, 'matched', 250_000);
    expect(forged.statusCode).toBe(409);
    expect(forged.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await mainBalance()).toBe(before + 250);
  });

  it("caps a round's credits at its stakes times the multiple, even when they race", async () => {
    expect((await debit(txId(), 'capped', 100)).json().data.status).toBe('ok');
    const before = await mainBalance();
    // 50 × ₹1 = ₹50 at most: ten concurrent ₹10 credits, exactly five are taken.
    const results = await Promise.all(Array.from({ length: 10 }, () => credit(txId(), 'capped', 1_000)));
    const ok = results.filter((r) => r.statusCode === 200 && r.json().data.status === 'ok');
    expect(ok).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().error.code).toBe('VENDOR_CREDIT_ABOVE_LIMIT');
    expect(await mainBalance()).toBe(before + 5_000);
    const more = await credit(txId(), 'capped', 1);
    expect(more.json().error.code).toBe('VENDOR_CREDIT_ABOVE_LIMIT');
  });

  it('refuses to roll back the stake of a round already paid', async () => {
    const bet = txId();
    expect((await debit(bet, 'paid-round', 300)).json().data.status).toBe('ok');
    expect((await credit(txId(), 'paid-round', 600)).json().data.status).toBe('ok');
    const before = await mainBalance();
    const rb = await call('rollback', { sessionToken: session, txId: txId(), refTxId: bet });
    expect(rb.statusCode).toBe(200);
    expect(rb.json().data).toMatchObject({ status: 'refused', balanceMinor: before, transferId: null });
    expect(await mainBalance()).toBe(before);
  });

  it('a credit racing a rollback of the same round: one of them, never both', async () => {
    const bet = txId();
    expect((await debit(bet, 'race-round', 400)).json().data.status).toBe('ok');
    const before = await mainBalance();
    const [c, rb] = await Promise.all([credit(txId(), 'race-round', 800), call('rollback', { sessionToken: session, txId: txId(), refTxId: bet })]);
    const credited = c.statusCode === 200 && c.json().data.status === 'ok';
    const rolledBack = rb.json().data.status === 'ok' && rb.json().data.transferId !== null;
    expect(credited !== rolledBack).toBe(true);
    expect(await mainBalance()).toBe(before + (credited ? 800 : 400));
  });
});

describe('forged credits (property)', () => {
  it('no signed credit without a matching debit moves money or leaves a row, whatever its round, amount or id', async () => {
    expect((await debit(txId(), 'fuzz-real-round', 100)).json().data.status).toBe('ok');
    const before = await mainBalance();
    const rows = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendor_wallet_calls')).rows[0]!.n;
    const rowsBefore = await rows();
    const roundId = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/), fc.constantFrom('theirs', 'cancelled', 'fuzz-real-roundx'));
    await fc.assert(
      fc.asyncProperty(roundId, fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.stringMatching(/^[A-Za-z0-9_.:-]{6,40}$/), async (round, amount, id) => {
        if (round === 'fuzz-real-round') return;
        const res = await credit(`fz-${id}`, round, amount);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('VENDOR_ROUND_NOT_DEBITED');
      }),
      { numRuns: 60, seed: 18 },
    );
    // Above the round's multiple on the one real round, and free rounds above the caps.
    expect((await credit(txId(), 'fuzz-real-round', 100 * 50 + 1)).json().error.code).toBe('VENDOR_CREDIT_ABOVE_LIMIT');
    expect((await credit(txId(), 'fuzz-free', Number.MAX_SAFE_INTEGER, { freeRound: true })).json().error.code).toBe('VENDOR_CREDIT_ABOVE_LIMIT');
    expect(await mainBalance()).toBe(before);
    expect(await rows()).toBe(rowsBefore);
  });
});

describe('declared free rounds', () => {
  it('pays a free round without a debit up to its per-credit and 24 h caps, as its own ledger kind', async () => {
    const before = await mainBalance();
    const first = await credit(txId(), 'free-1', 5_000, { freeRound: true });
    expect(first.json().data).toMatchObject({ status: 'ok', balanceMinor: before + 5_000 });
    const transfer = (await t.db.query<{ kind: string; metadata: Record<string, unknown> }>('SELECT kind, metadata FROM ledger_transfers WHERE id = $1', [first.json().data.transferId])).rows[0];
    expect(transfer).toMatchObject({ kind: 'vendor_free_round', metadata: { freeRound: true } });

    const tooBig = await credit(txId(), 'free-2', 5_001, { freeRound: true });
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().error.code).toBe('VENDOR_CREDIT_ABOVE_LIMIT');
    // ₹50 paid of ₹80 a day: of three concurrent ₹20 free rounds, one fits.
    const results = await Promise.all([1, 2, 3].map((i) => credit(txId(), `free-race-${i}`, 2_000, { freeRound: true })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await mainBalance()).toBe(before + 7_000);

    clock.advance(24 * 3_600_000 + 1_000);
    expect((await credit(txId(), 'free-next-day', 5_000, { freeRound: true })).json().data.status).toBe('ok');
    expect(await mainBalance()).toBe(before + 12_000);
  });

  it('refuses a malformed free-round flag as bad input', async () => {
    const res = await credit(txId(), 'free-x', 100, { freeRound: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('vendor play and the wagering lock (decision 401)', () => {
  it('a debit and an equal credit on one round play nothing; a round lost counts in full; a rolled-back debit is no stake', async () => {
    const c = new PlayerClient(t.app, '203.0.113.53');
    expect((await c.register('9855555563')).statusCode).toBe(200);
    const id = await playerIdOf(t.db, '9855555563');
    await fund(t.db, id, 2_000_00);
    const s = (await launch(t.app, c, launchableGame('JILI').gameUid)).sessionToken;
    const remaining = async () => (await t.app.withdrawals.info(id)).wagering.remainingToPlayMinor;
    expect(await remaining()).toBe(2_000_00);

    // The round trip of the finding: the whole deposit out and straight back on one round.
    expect((await debit(txId(), 'trip', 2_000_00, s)).json().data.status).toBe('ok');
    expect((await credit(txId(), 'trip', 2_000_00, {}, s)).json().data.status).toBe('ok');
    expect(await remaining()).toBe(2_000_00);
    expect(await t.app.withdrawals.info(id)).toMatchObject({ balanceMinor: 2_000_00, withdrawableMinor: 0, wageringLockedMinor: 2_000_00 });

    // Split across two debits and a rolled-back third, still nothing played.
    const voided = txId();
    expect((await debit(voided, 'split', 500_00, s)).json().data.status).toBe('ok');
    expect((await call('rollback', { sessionToken: s, txId: txId(), refTxId: voided })).json().data.status).toBe('ok');
    expect((await debit(txId(), 'split', 300_00, s)).json().data.status).toBe('ok');
    expect((await debit(txId(), 'split', 200_00, s)).json().data.status).toBe('ok');
    expect((await credit(txId(), 'split', 500_00, {}, s)).json().data.status).toBe('ok');
    expect(await remaining()).toBe(2_000_00);

    // A round that pays back part of its stake plays what it lost; a lost round plays its stake.
    expect((await debit(txId(), 'part', 400_00, s)).json().data.status).toBe('ok');
    expect((await credit(txId(), 'part', 150_00, {}, s)).json().data.status).toBe('ok');
    expect(await remaining()).toBe(2_000_00 - 250_00);
    expect((await debit(txId(), 'lost', 100_00, s)).json().data.status).toBe('ok');
    expect(await remaining()).toBe(2_000_00 - 350_00);
  });
});
