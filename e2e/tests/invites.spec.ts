import { expect, test } from '@playwright/test';
import { newPhone, registrationCodeByApi, skipSplash } from './support/accounts';

// Invite a friend (docs/promotions.md, decisions 550-552): a friend opening the inviter's link
// registers with the code filled in, and the inviter's invites list them. Nothing here is shared
// with other specs: two new players of this spec only.

test("a friend registering from the inviter's link is listed as joined", async ({ page, context, request }) => {
  const inviterPhone = newPhone();
  const code = await registrationCodeByApi(page, inviterPhone);
  const registered = await request.post('/api/register', { data: { phone: inviterPhone, code, password: `Inv-${inviterPhone}-pw`, ageConfirmed: true } });
  expect(registered.status(), await registered.text()).toBe(200);
  const auth = { authorization: `Bearer ${((await registered.json()) as { data: { token: string } }).data.token}` };
  const invites = async () => ((await (await request.get('/api/promotions/invites', { headers: auth })).json()) as { data: { code: string; linkPath: string; joined: number; friends: { phoneEnding: string; step: string }[] } }).data;
  const mine = await invites();
  expect(mine.linkPath).toBe(`/register?invite=${mine.code}`);

  await skipSplash(context);
  await page.context().clearCookies({ name: 'cp_refresh' });
  const friendPhone = newPhone();
  await page.goto(mine.linkPath);
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue(mine.code);
  await page.getByLabel('Mobile number').fill(friendPhone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const sms = page.getByRole('region', { name: `Sandbox SMS to ${friendPhone}` });
  await expect(sms).toContainText('registration code is');
  await page.getByLabel('Code from the SMS').fill(/\b(\d{6})\b/.exec((await sms.textContent()) ?? '')![1]!);
  await page.getByLabel('Password', { exact: true }).fill(`Reg-${friendPhone}-pw`);
  await page.getByRole('checkbox', { name: 'I am 18 or older and accept the rules of play' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The link is made when the registration's event is delivered (the dispatcher's poll): wait for it.
  await expect.poll(async () => (await invites()).friends).toEqual([expect.objectContaining({ phoneEnding: friendPhone.slice(-2), step: 'joined' })]);
});
