import { expect, test } from '@playwright/test';
import { DEMO_FINANCE_OPERATOR, signInAsDemoOperator } from './support/admin';
import { randomUtr, signInAsNewPlayer } from './support/wallet';

// Reconciliation (decisions 415-417): the sandbox gateway's settlement file of today, plus one line for a
// payment the gateway took and we never credited, is imported in the console; the operator
// (finance) credits that line through the normal deposit credit, and the player's order is then paid.
test('an operator imports a settlement file with one unmatched line and resolves it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const playerPage = await browser.newPage();
  await signInAsNewPlayer(playerPage);
  await playerPage.goto('/wallet');
  const token = await playerPage.evaluate(() => JSON.parse(localStorage.getItem('m_login_token') ?? 'null') as string);
  const headers = { authorization: `Bearer ${token}` };
  const recharge = async (amountMinor: number) => {
    const res = await playerPage.request.post('/api/wallet/get-recharge-url', {
      headers,
      data: { channel: 'upi', amountMinor, idempotencyKey: `e2e-recon-${amountMinor}-${Date.now()}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { id: string; paymentUrl: string } }).data;
  };
  // One payment paid in the sandbox UPI app (credited through its webhook: a matched line)...
  const paid = await recharge(300_00);
  expect((await playerPage.request.post(paid.paymentUrl, { form: { decision: 'paid' }, maxRedirects: 0 })).status()).toBe(303);
  // ...and one the file will say was paid that we never heard of.
  const unheard = await recharge(450_00);

  const day = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const exported = await playerPage.request.get(`/sandbox/upi/settlement.csv?date=${day}`);
  expect(exported.status()).toBe(200);
  const base = await exported.text();
  expect(base).toContain(`${paid.id},`);
  const csv = `${base}${unheard.id},${randomUtr()},45000,paid,${new Date().toISOString()}\n`;
  await playerPage.close();

  // A finance operator (the seeded one, made like the owner's: no countersignature to wait for).
  await signInAsDemoOperator(page, DEMO_FINANCE_OPERATOR);
  await expect(page.getByText('demo-finance (finance)')).toBeVisible();
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await page.getByLabel('Settlement file (CSV)').setInputFiles({ name: `settlement-${day}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByLabel('Settlement day (India time)').fill(day);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(new RegExp(`^Imported settlement-${day}\\.csv: \\d+ lines, \\d+ differences to resolve\\.$`))).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: unheard.id });
  await expect(row).toContainText('Paid at the gateway, not credited');
  await expect(page.getByRole('row').filter({ hasText: paid.id })).toHaveCount(0);
  await row.getByRole('button', { name: `Credit order ${unheard.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Credit order ${unheard.id}` });
  await dialog.getByLabel('Reason').fill('Settlement file shows it paid (e2e)');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Order ${unheard.id} credited.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: unheard.id })).toHaveCount(0);

  // The player's order is now paid, through the normal deposit credit.
  const check = await page.request.get(`/api/wallet/get-deposits?id=${unheard.id}`, { headers });
  expect(((await check.json()) as { data: { items: { status: string }[] } }).data.items[0]!.status).toBe('succeeded');

  // Importing the same file again changes nothing.
  await page.getByLabel('Settlement file (CSV)').setInputFiles({ name: `settlement-${day}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText(`settlement-${day}.csv was imported before: nothing changed.`)).toBeVisible();
});
