import { expect, test } from '@playwright/test';
import { DEMO_SUPPORT_OPERATOR, identityVerifiedByOperator, operatorConsole } from './support/admin';
import { rechargeAndPlay400, signInAsNewPlayer, withdrawToNewUpi } from './support/wallet';

// Support tickets (docs/support.md) end to end in a real Chromium: a player who reads the app in
// Hindi reports a problem with their withdrawal from its history; the ticket links it; a support
// operator answers with a canned reply, which the console offers in the player's language; the
// reply reaches the player's open thread live (over the socket, no reload), in Hindi; the player
// resolves the ticket.

test.setTimeout(300_000);

test('a player in Hindi reports a problem with a withdrawal; support answers with a canned reply, seen live; the player resolves it', async ({ page, browser }) => {
  const { phone } = await signInAsNewPlayer(page);

  await test.step('the app has loaded once (a cold start on a loaded machine takes long)', async () => {
    await page.goto('/wallet/Recharge');
    await expect(page.getByRole('heading', { level: 1, name: 'Recharge' })).toBeVisible({ timeout: 90_000 });
  });
  await test.step('the player recharges ₹400 and plays it in Wingo', () => rechargeAndPlay400(page));
  const admin = await test.step('an operator verifies the identity', () => identityVerifiedByOperator(page, browser, { fullName: 'Kiran Support', dateOfBirth: '14/08/1991' }));
  await admin.context().close();
  await test.step('the player withdraws ₹100', () => withdrawToNewUpi(page, `t${phone}@okbank`, '100'));

  await test.step('the player switches to Hindi (kept on the account) and reports a problem with the withdrawal', async () => {
    await page.goto('/main');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.goto('/wallet/WithdrawHistory');
    const item = page.getByRole('listitem').filter({ hasText: /wd_/ }).first();
    const withdrawalId = (await item.getByText(/^wd_[A-Za-z0-9_-]+$/).textContent())!.trim();
    await item.getByRole('link', { name: 'समस्या की शिकायत करें' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'मदद' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('निकासी “अनलॉक” करने के लिए कभी जमा राशि नहीं माँगता');
    await expect(page.getByText(`निकासी ${withdrawalId}`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'विषय' })).toHaveValue('withdrawal');
    await page.getByRole('textbox', { name: 'समस्या बताएँ' }).fill('मेरी निकासी अभी तक नहीं आई।');
    await page.getByRole('button', { name: 'सपोर्ट को भेजें' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^टिकट tkt_/ })).toBeVisible();
    await expect(page.getByText(`निकासी ${withdrawalId}`)).toBeVisible();
    await expect(page.getByText('सपोर्ट के जवाब का इंतज़ार')).toBeVisible();
  });
  const ticketId = (await page.getByRole('heading', { level: 2, name: /^टिकट tkt_/ }).textContent())!.replace('टिकट ', '').trim();

  const operator = await test.step('a support operator signs in to the console', () => operatorConsole(browser, DEMO_SUPPORT_OPERATOR));
  await test.step('the support operator answers with a canned reply, offered in Hindi', async () => {
    await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Support' }).click();
    const row = operator.getByRole('row', { name: new RegExp(ticketId) });
    await expect(row).toContainText('Waiting for us');
    await row.getByRole('link', { name: ticketId }).click();
    await expect(operator.getByRole('heading', { level: 1, name: `Ticket ${ticketId}` })).toBeVisible();
    await expect(operator.getByText('मेरी निकासी अभी तक नहीं आई।')).toBeVisible();
    await operator.getByLabel('Canned reply').selectOption({ label: 'We are looking into it' });
    await expect(operator.getByLabel('Message')).toHaveValue('हमें लिखने के लिए धन्यवाद। हम अभी इसकी जाँच कर रहे हैं और जानकारी मिलते ही यहीं जवाब देंगे।');
    await operator.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(operator.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  });

  await test.step('the player sees the reply arrive in the open thread, in Hindi, and resolves the ticket', async () => {
    await expect(page.getByText('हमें लिखने के लिए धन्यवाद। हम अभी इसकी जाँच कर रहे हैं और जानकारी मिलते ही यहीं जवाब देंगे।')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('सपोर्ट ने जवाब दिया')).toBeVisible();
    await page.getByRole('button', { name: 'मेरी समस्या हल हो गई' }).click();
    await expect(page.getByText('हल हो गया', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'टिकट फिर से खोलें' })).toBeVisible();
  });

  await test.step('the audit log has the reply', async () => {
    await operator.getByRole('link', { name: 'Audit log' }).click();
    await expect(operator.getByRole('listitem').filter({ hasText: new RegExp(`demo-support · support\\.reply · ${ticketId}`) }).first()).toBeVisible();
    await operator.context().close();
  });
});
