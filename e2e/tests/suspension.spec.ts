import { expect, test } from '@playwright/test';
import { identityVerifiedByOperator } from './support/admin';
import { betOn, waitForOpenRound } from './support/round';
import { rechargeAndPlay400, signInAsNewPlayer, withdrawToNewUpi } from './support/wallet';

// Decision 420 end to end in a real Chromium: a player recharges, plays and has their identity
// verified; an operator suspends the account in /admin; the player's bet is refused with the
// suspension's message, while the history and a withdrawal stay open; the audit log has the row.

test.setTimeout(300_000);

const SUSPENDED_TEXT = /Your account is suspended: deposits, bets and games are closed/;

test('an operator suspends a player, who can no longer bet but can still see their history and withdraw', async ({ page, browser }) => {
  const { phone } = await signInAsNewPlayer(page);

  await test.step('the player recharges ₹400 and plays it in Wingo', () => rechargeAndPlay400(page));

  const operator = await test.step('the player submits KYC and an operator verifies it', () =>
    identityVerifiedByOperator(page, browser, { fullName: 'Meera Suspended', dateOfBirth: '03/09/1987' }),
  );

  await test.step('the operator suspends the account from the player page', async () => {
    await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Players' }).click();
    await operator.getByLabel('Player id, UID or phone').fill(phone);
    await operator.getByRole('button', { name: 'Find' }).click();
    await expect(operator.getByText('Account open.')).toBeVisible();
    const form = operator.getByRole('form', { name: 'Suspend the account' });
    await form.getByLabel('Reason').selectOption({ label: 'Payment dispute or chargeback' });
    await form.getByLabel('Note for the audit log').fill('e2e: chargeback reported by the bank');
    await form.getByRole('button', { name: 'Suspend account' }).click();
    await expect(operator.getByText(/^Suspended since .*: Payment dispute or chargeback\. Note: e2e: chargeback reported by the bank/)).toBeVisible();
    await expect(operator.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
  });

  await test.step('a bet is refused with the suspension’s message', async () => {
    await page.goto('/home/AllLotteryGames/Wingo');
    await waitForOpenRound(page, 10, 40_000);
    const sheet = await betOn(page, 'Big', 1);
    await expect(sheet.getByText(SUSPENDED_TEXT)).toBeVisible();
  });

  await test.step('the history stays visible and a withdrawal is accepted', async () => {
    await page.goto('/wallet/RechargeHistory');
    await expect(page.getByRole('listitem').filter({ hasText: '₹400.00' }).first()).toBeVisible();
    await withdrawToNewUpi(page, `s${phone}@okbank`, '100');
  });

  await test.step('the audit log has the suspension', async () => {
    await operator.getByRole('link', { name: 'Audit log' }).click();
    await expect(operator.getByRole('listitem').filter({ hasText: /demo-admin · player\.suspend · player:\d+/ }).first()).toBeVisible();
    await operator.context().close();
  });
});
