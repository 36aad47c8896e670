import { PROMOTION_TERMS_VERSION } from '@colorplay/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, ensureAccount, findTransferByKey, getAccount, postTransfer, withTransaction } from '../ledger';
import { insertPlayer } from '../players';

/**
 * Model-based test of bonus money (decision 490): random sequences of grants, cash stakes and
 * wins, reads, withdrawal requests with and without the forfeit confirmation, and days passing
 * with the settle job, against a model of a few lines. After every step the main wallet, the
 * grant's bonus account and status must be the model's; after every sequence each grant has at
 * most one end transfer and the ledger's invariants hold.
 */
const clock = fakeClock(new Date('2026-11-10T06:00:00Z'));
const DAY = 86_400_000;
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await ensureAccount(t.db, { code: accountCodes.houseLottery('wingo'), kind: 'house' });
  // Building the app on a loaded machine can take a while: the hook waits for it, not for time.
}, 180_000);
afterAll(async () => t.app.close());

type Op =
  | { t: 'grant'; amountMinor: number; multiple: number; validDays: number }
  | { t: 'stake'; amountMinor: number; winMinor: number }
  | { t: 'read' }
  | { t: 'withdraw'; confirm: boolean }
  | { t: 'day' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('grant' as const), amountMinor: fc.integer({ min: 1, max: 5_000 }), multiple: fc.integer({ min: 1, max: 5 }), validDays: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ t: fc.constant('stake' as const), amountMinor: fc.integer({ min: 1, max: 6_000 }), winMinor: fc.integer({ min: 0, max: 6_000 }) }),
  fc.record({ t: fc.constant('read' as const) }),
  fc.record({ t: fc.constant('withdraw' as const), confirm: fc.boolean() }),
  fc.record({ t: fc.constant('day' as const) }),
);

type ModelGrant = { id: string; amountMinor: number; requiredMinor: number; playedMinor: number; expiresAtMs: number; status: 'active' | 'converted' | 'forfeited' | 'expired' };

/** The rules in a few lines: the specification the service must match. */
class Model {
  mainMinor = 0;
  grants: ModelGrant[] = [];
  get active() {
    return this.grants.find((g) => g.status === 'active');
  }
  /** Converts the active grant when complete; else expires it when `expire` and its time is up. */
  settle(nowMs: number, expire: boolean) {
    const g = this.active;
    if (!g) return;
    if (g.playedMinor >= g.requiredMinor) {
      g.status = 'converted';
      this.mainMinor += g.amountMinor;
    } else if (expire && nowMs >= g.expiresAtMs) g.status = 'expired';
  }
}

async function run(ops: Op[]): Promise<void> {
  const playerId = (await insertPlayer(t.db, { phone: `95${String(++seq + 3_000_000).padStart(8, '0')}`, passwordHash: 'x', inviteCode: undefined, now: clock.now() })).id;
  await t.app.promotions.setConsent(playerId, true);
  const main = accountCodes.playerMain(playerId);
  await ensureAccount(t.db, { code: main, kind: 'player', owner: playerId });
  const house = accountCodes.houseLottery('wingo');
  const model = new Model();
  const move = (kind: 'deposit' | 'lottery_bet' | 'lottery_payout', from: string, to: string, amountMinor: number) =>
    postTransfer(t.db, { idempotencyKey: `model:${++seq}`, kind, entries: [{ accountCode: from, amountMinor: -amountMinor }, { accountCode: to, amountMinor }] });
  await move('deposit', HOUSE_ACCOUNTS.deposits, main, 50_000);
  model.mainMinor = 50_000;

  for (const op of ops) {
    const now = clock.now().getTime();
    if (op.t === 'grant') {
      // A grant first ends the active one if it is complete or past its expiry.
      model.settle(now, true);
      const result = await withTransaction(t.db, (tx) =>
        t.app.promotions.grant(tx, { playerId, source: 'gift_code', sourceRef: 'MODEL', amountMinor: op.amountMinor, wageringMultiple: op.multiple, validDays: op.validDays, termsVersion: PROMOTION_TERMS_VERSION }),
      ).then((g) => g.id, (e: { code?: string }) => e.code);
      if (model.active) expect(result).toBe('BONUS_ALREADY_ACTIVE');
      else model.grants.push({ id: result!, amountMinor: op.amountMinor, requiredMinor: op.amountMinor * op.multiple, playedMinor: 0, expiresAtMs: now + op.validDays * DAY, status: 'active' });
    } else if (op.t === 'stake') {
      if (op.amountMinor > model.mainMinor) continue;
      await move('lottery_bet', main, house, op.amountMinor);
      model.mainMinor -= op.amountMinor;
      if (model.active) model.active.playedMinor += op.amountMinor;
      if (op.winMinor > 0) {
        await move('lottery_payout', house, main, op.winMinor);
        model.mainMinor += op.winMinor;
      }
    } else if (op.t === 'read') {
      await t.app.promotions.bonuses(playerId);
      model.settle(now, true);
    } else if (op.t === 'withdraw') {
      const code = await withTransaction(t.db, (tx) => t.app.promotions.settleForWithdrawal(tx, playerId, op.confirm)).then(() => null, (e: { code?: string }) => e.code);
      model.settle(now, false);
      const g = model.active;
      if (g && !op.confirm) expect(code).toBe('BONUS_FORFEIT_REQUIRED');
      else expect(code).toBeNull();
      if (g && op.confirm) g.status = 'forfeited';
    } else {
      clock.advance(DAY);
      await t.app.jobs.runOnce('promotions.settle');
      model.settle(clock.now().getTime(), true);
    }

    expect((await getAccount(t.db, main))!.balanceMinor).toBe(model.mainMinor);
    for (const g of model.grants) {
      const bonus = (await getAccount(t.db, accountCodes.playerBonus(playerId, g.id)))!.balanceMinor;
      expect(bonus, g.id).toBe(g.status === 'active' ? g.amountMinor : 0);
      // Read from the row, not through bonuses(): reading converts, and is a step of its own.
      const { rows } = await t.db.query<{ status: string }>('SELECT status FROM bonus_grants WHERE id = $1', [g.id]);
      expect(rows[0]?.status, g.id).toBe(g.status);
    }
  }
  for (const g of model.grants) {
    const ends = await Promise.all(['convert', 'forfeit', 'expire'].map((e) => findTransferByKey(t.db, `bonus:${e}:${g.id}`)));
    expect(ends.filter(Boolean).length).toBe(g.status === 'active' ? 0 : 1);
  }
  expect(await checkInvariants(t.db)).toEqual([]);
}

describe('bonus money against its model', () => {
  it('keeps cash, bonus and each grant’s one end exactly as the rules say', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), run), { numRuns: 25, seed: 4_901 });
  }, 600_000);
});
