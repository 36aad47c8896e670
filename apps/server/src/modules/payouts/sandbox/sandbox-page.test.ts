import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/build-test-app';

/** Decision 040: the sandbox payout page, open to anyone, says so on the page. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.app.close());

describe('sandbox payout page', () => {
  it('warns that it asks for no sign-in and that anyone can decide the payout', async () => {
    await t.db.query(
      `INSERT INTO sandbox_payouts (payout_ref, withdrawal_id, amount_minor, currency, destination, status, created_at)
       VALUES ('spo_testpage1', 'wd_testpage1', 50000, 'INR', $1, 'processing', now())`,
      [JSON.stringify({ kind: 'upi', vpa: 'ravi@okhdfc' })],
    );
    for (const url of ['/sandbox/payouts/wd_testpage1', '/sandbox/payouts/wd_nosuchone']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body).toContain('No sign-in here.');
      expect(page.body).toMatch(/Anyone who can open this address can mark this\s+withdrawal paid, failed or returned/);
      expect(page.body).toMatch(/sandbox that\s+moves no real money/);
    }
  });
});
