import { expect, test, type Page } from '@playwright/test';
import { identityVerifiedByOperator, operatorConsole } from './support/admin';
import { betOn, rupees, waitForBettingOpen, waitForOpenRound } from './support/round';
import { signInAsNewPlayer, withdrawToNewUpi } from './support/wallet';

// The first-deposit bonus (docs/promotions.md, decisions 540-541) end to end: an operator creates
// an offer in /admin (20% up to ₹100, wager 1× within 7 days), a new player gives marketing
// consent, ticks the opt-in on the recharge page, recharges ₹500 through the sandbox UPI app and
// is granted ₹100 of bonus money; one lone ₹250 Big stake in Wingo completes both the bonus's
// wagering (₹100) and the deposits' lock (the e2e server's factor 0.5 of ₹500), whatever the
// draw; the bonus converts and the wallet balance rises by ₹100; the player then withdraws.
// The offer is paused at the end (and any left running before), so other specs' players are
// never offered it.

test.setTimeout(300_000);

/** Pauses every running first-deposit offer from the operator's console page. */
async function pauseRunningOffers(operator: Page): Promise<void> {
  await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'First-deposit offers' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'First-deposit offers' })).toBeVisible();
  const pause = operator.getByRole('button', { name: /^Pause offer \d+$/ });
  await expect(operator.getByRole('table').or(operator.getByText('No first-deposit offer yet.'))).toBeVisible();
  while ((await pause.count()) > 0) {
    const name = (await pause.first().getAttribute('aria-label'))!;
    await pause.first().click();
    await operator.getByRole('dialog', { name: /^Pause first-deposit offer \d+\?$/ }).getByRole('button', { name: 'Confirm' }).click();
    await expect(operator.getByRole('status').filter({ hasText: `${name.replace('Pause offer', 'Offer')} paused.` })).toBeVisible();
    // The list is read again after a pause: count the buttons only once this one has gone, or the
    // count can see the old list and the next read wait for a button that is no longer there.
    await expect(operator.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
}

test('a new player opts into the first-deposit bonus, recharges, wagers it in Wingo, sees it convert and withdraws', async ({ page, browser }) => {
  const operator = await operatorConsole(browser);
  try {
    await test.step('an operator creates the offer in /admin', async () => {
      await pauseRunningOffers(operator);
      const form = operator.getByRole('form', { name: 'New first-deposit offer' });
      await form.getByLabel('Bonus (% of the first recharge, 1 to 100)').fill('20');
      await form.getByLabel('Cap per player (₹)').fill('100');
      await form.getByLabel('Wagering multiple (1 to 5)').fill('1');
      await form.getByLabel('Days to wager it (1 to 90)').fill('7');
      await form.getByLabel('Total budget (₹)').fill('10000');
      await form.getByRole('button', { name: 'Create offer' }).click();
      await expect(operator.getByRole('status').filter({ hasText: /^Offer \d+ created\.$/ })).toBeVisible();
      await expect(operator.getByRole('row', { name: /20% up to ₹100.00, wager 1× within 7 days/ }).getByText('Running')).toBeVisible();
    });

    const { phone, token } = await signInAsNewPlayer(page);
    await test.step('the player gives marketing consent', async () => {
      const res = await page.request.post('/api/account/marketing-consent', { headers: { authorization: `Bearer ${token}` }, data: { given: true } });
      expect(res.status(), await res.text()).toBe(200);
    });

    await test.step('the recharge page offers the bonus, unticked; the player ticks it and pays ₹500', async () => {
      await page.goto('/wallet/Recharge');
      // The recharge route's chunks and its two reads can take a while on a loaded machine.
      await expect(page.getByRole('radio', { name: 'UPI' })).toBeChecked({ timeout: 30_000 });
      const card = page.getByRole('region', { name: 'First-deposit bonus' });
      await expect(card).toContainText('20% bonus up to ₹100.00, wager 1× within 7 days', { timeout: 15_000 });
      await expect(card).toContainText(/Terms version \S+\./);
      const optIn = card.getByRole('checkbox', { name: 'Add the first-deposit bonus' });
      await expect(optIn).not.toBeChecked();
      await optIn.check();
      await page.getByRole('textbox', { name: 'Amount (₹)' }).fill('500');
      await page.getByRole('button', { name: 'Recharge ₹500.00' }).click();
      await expect(page).toHaveURL(/\/wallet\/Payment\?orderId=dep_/);
      await expect(page.getByText('First-deposit bonus chosen: it is added once this recharge is paid.', { exact: false })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('link', { name: 'Pay in sandbox UPI app' }).click();
      await page.getByRole('button', { name: 'Pay ₹500.00' }).click();
      await expect(page.getByText('Recharge successful: ₹500.00 was added to your wallet.')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(/First-deposit bonus of ₹100.00 added/)).toBeVisible({ timeout: 30_000 });
    });

    // The round's outcome decides the cash after play: the stake was all cash (cash first), so a
    // win's payout is all cash too. Read from the result, not from the wallet: the settle job may
    // convert the bonus at any moment after the stake (within a minute), so the wallet alone cannot
    // say what was before the conversion.
    const afterPlayMinor = await test.step('one lone ₹250 Big stake in Wingo completes the wagering', async () => {
      await waitForBettingOpen(page);
      await page.goto('/home/AllLotteryGames/Wingo');
      await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText(rupees(500_00));
      await waitForOpenRound(page, 18, 40_000);
      await expect(await betOn(page, 'Big', 25)).toBeHidden();
      await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText(rupees(250_00));
      const popup = page.getByRole('dialog', { name: /Congratulations|Sorry, no win this time/ });
      await expect(popup).toBeVisible({ timeout: 60_000 });
      const credited = /Credited ₹([\d,]+\.\d{2})/.exec((await popup.textContent()) ?? '');
      const payoutMinor = credited ? Math.round(Number(credited[1]!.replace(/,/g, '')) * 100) : 0;
      await popup.hover();
      await popup.getByRole('button', { name: 'Close' }).click();
      await page.goto('/wallet');
      await expect(page.getByRole('region', { name: 'Total balance' })).toBeVisible();
      return 250_00 + payoutMinor;
    });

    await test.step('the bonus converts on the Activity tab, and the wallet balance rises by ₹100', async () => {
      // The Activity tab reads the bonuses, which converts one whose wagering is complete (the
      // settle job would too, within a minute).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
      await expect(page).toHaveURL(/\/activity$/);
      const ended = page.getByRole('list', { name: 'Ended bonuses' });
      await expect(ended.getByRole('listitem').filter({ hasText: 'First deposit bonus · ₹100.00' })).toContainText('Converted to cash on', { timeout: 30_000 });
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await page.goto('/wallet');
      await expect(page.getByRole('region', { name: 'Total balance' })).toContainText(rupees(afterPlayMinor + 100_00));
    });

    await test.step('the player has their identity verified and withdraws ₹100', async () => {
      const reviewer = await identityVerifiedByOperator(page, browser, { fullName: 'Meera Iyer', dateOfBirth: '03/02/1991' });
      await reviewer.context().close();
      await withdrawToNewUpi(page, `p${phone}@okbank`, '100');
    });
  } finally {
    await pauseRunningOffers(operator).catch(() => undefined);
    await operator.context().close();
  }
});
