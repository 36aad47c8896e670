import { expect, test } from '@playwright/test';
import { E2E_VENDOR_ORIGIN } from '../playwright.config';

// The demo vendor runs beside the server in e2e (E2E_VENDOR_PORT); the lobby specs launch games
// into it. Without a valid session from our launch redirect it shows a clear page, not a game.
test('the demo vendor is up and refuses a game without a session from the operator', async ({ page }) => {
  const res = await page.goto(`${E2E_VENDOR_ORIGIN}/play?session=${'x'.repeat(32)}&game=${'0'.repeat(32)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Game not found' })).toBeVisible();
});

test('a launch ticket opens the vendor game with its title; a bet without money shows insufficient balance', async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { phone: '9000000001', password: 'DemoPlayer#2026' } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).data.token as string;
  const popular = (await (await request.get('/api/games?category=popular&limit=1')).json()).data.items[0];
  const minted = await request.post('/api/games/launch-ticket', { data: { gameId: popular.gameUid }, headers: { authorization: `Bearer ${token}` } });
  expect(minted.status()).toBe(200);
  const ticket = (await minted.json()).data.ticket as string;
  await page.goto(`/api/games/open-game-url?token=${ticket}&game_id=${popular.gameUid}`);
  expect(page.url()).toContain(`${E2E_VENDOR_ORIGIN}/play?session=`);
  await expect(page.getByRole('heading', { name: popular.title })).toBeVisible();
  const balance = await page.locator('#balance').textContent();
  await page.getByRole('button', { name: /Spin|Launch/ }).click();
  if (balance === '₹0.00') await expect(page.getByRole('status')).toHaveText('Insufficient balance. Please recharge.');
  else await expect(page.getByRole('status')).not.toHaveText('');
  // The ticket was used: opening it again is a clear page, not a game.
  await page.goto(`/api/games/open-game-url?token=${ticket}&game_id=${popular.gameUid}`);
  await expect(page.getByRole('heading', { name: 'This game link was already used' })).toBeVisible();
});
