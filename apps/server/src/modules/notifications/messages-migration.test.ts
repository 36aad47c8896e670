import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../db/db';
import { migrate, readMigrations } from '../../db/migrate';

// Migration 035 (decision 457): inbox rows written as English text become a key and its
// parameters. The texts below are exactly what the server wrote before keys existed (the
// builders of deposit-, withdrawal-, kyc- and player-messages.ts); each must come back as the key
// and the amounts, ids and reasons it was built from, and a text that matches none stays as it
// was under 'text'. The SQL is the same on PGlite and PostgreSQL (every other test's migrate runs
// it on both); this file needs a database stopped one migration short, so it uses PGlite.

const VERSION = 35;
const all = readMigrations();

const OLD_ROWS: [title: string, body: string, key: string, params: Record<string, unknown>][] = [
  ['Welcome to Colorplay', 'Your account is ready. Play for fun, set limits that suit you, and never bet more than you can afford to lose.', 'welcome', {}],
  ['Welcome to Colorplay', 'This is the sandbox demo account. Money here is play money and never leaves this machine.', 'welcomeDemo', {}],
  ['Password changed', 'Your password was changed and every other device was logged out. If this was not you, reset your password and contact support at once.', 'passwordChanged', {}],
  ['Password changed', 'Your password was reset and every device was logged out. If this was not you, contact support at once.', 'passwordReset', {}],
  ['Account suspended', 'Your account is suspended: deposits, bets and games are closed for now. You can still sign in, see your history and withdraw your balance. Contact support to learn more.', 'accountSuspended', {}],
  ['Account open again', 'The suspension of your account was lifted. Deposits, bets and games are open again.', 'suspensionLifted', {}],
  ['Identity verified', 'Your identity check was accepted. You can now withdraw from your wallet.', 'kycVerified', {}],
  ['Identity check not accepted', 'Your identity check was not accepted. You can submit your details again from the withdraw page.', 'kycRejected', { reason: null }],
  ['Identity check not accepted', 'Your identity check was not accepted. You can submit your details again from the withdraw page. Reason: PAN unreadable (blurred)', 'kycRejected', { reason: 'PAN unreadable (blurred)' }],
  ['Recharge successful', '₹123.45 was added to your wallet (order dep_abc1).', 'depositSucceeded', { orderId: 'dep_abc1', amountMinor: 12_345 }],
  ['Recharge failed', 'Your recharge of ₹500.00 (order dep_abc2) did not go through. No money was taken from your wallet.', 'depositFailed', { orderId: 'dep_abc2', amountMinor: 50_000 }],
  ['Recharge expired', 'Your recharge order dep_abc3 for ₹1000.05 expired before payment arrived.', 'depositExpired', { orderId: 'dep_abc3', amountMinor: 100_005 }],
  ['Withdrawal approved', 'Your withdrawal of ₹200.00 (wd_1) was approved and is on its way to your account.', 'withdrawalApproved', { withdrawalId: 'wd_1', amountMinor: 20_000 }],
  ['Withdrawal paid', '₹193.00 was sent to your account for your withdrawal of ₹200.00 (wd_2), after a ₹7.00 fee.', 'withdrawalPaidAfterFee', { withdrawalId: 'wd_2', amountMinor: 20_000, feeMinor: 700 }],
  ['Withdrawal paid', '₹123.45 was sent to your account for your withdrawal wd_3.', 'withdrawalPaid', { withdrawalId: 'wd_3', amountMinor: 12_345 }],
  ['Withdrawal rejected', 'Your withdrawal of ₹200.00 (wd_4) was rejected and ₹200.00 is back in your wallet. Reason: Name does not match', 'withdrawalRejected', { withdrawalId: 'wd_4', amountMinor: 20_000, reason: 'Name does not match' }],
  ['Withdrawal failed', 'Your withdrawal of ₹200.00 (wd_5) could not be paid out and ₹200.00 is back in your wallet.', 'withdrawalFailed', { withdrawalId: 'wd_5', amountMinor: 20_000, reason: null }],
  ['Withdrawal returned', 'The bank returned the payout of your withdrawal wd_6 and ₹200.00, fee included, is back in your wallet. Reason: Account closed', 'withdrawalReturned', { withdrawalId: 'wd_6', amountMinor: 20_000, reason: 'Account closed' }],
  // Not a text the server wrote: kept as written.
  ['Recharge successful', 'Something an operator typed by hand.', 'text', { title: 'Recharge successful', body: 'Something an operator typed by hand.' }],
];

describe('migration 035: inbox texts become keys', () => {
  let db: Db;
  beforeAll(async () => {
    expect(all.find((m) => m.version === VERSION)?.name).toBe('inbox_messages');
    db = await openPglite('memory://');
    await migrate(db, all.filter((m) => m.version < VERSION));
  });
  afterAll(async () => db?.close());

  it('maps every text the server wrote back to its key and parameters, and keeps any other text as written', async () => {
    await db.query(`INSERT INTO players (id, uid, phone, password_hash, nickname, age_confirmed_at) VALUES (1, 1001, '9000000101', 'x', 'p1', now())`);
    for (const [title, body] of OLD_ROWS) {
      await db.query('INSERT INTO notifications (player_id, title, body) VALUES (1, $1, $2)', [title, body]);
    }
    await migrate(db, all.filter((m) => m.version <= VERSION));
    const { rows } = await db.query<{ message_key: string; params: Record<string, unknown> }>('SELECT message_key, params FROM notifications ORDER BY id');
    expect(rows.map((r) => [r.message_key, r.params])).toEqual(OLD_ROWS.map(([, , key, params]) => [key, params]));
  });
});
