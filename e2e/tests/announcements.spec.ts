import { expect, test } from '@playwright/test';
import { operatorConsole } from './support/admin';
import { signInAsNewPlayer } from './support/wallet';

// Decisions 457 and 458 end to end: an operator schedules an announcement in English and
// Hindi in /admin; a player sees it as the home page's line and in the inbox, in English and, after
// choosing Hindi, in Hindi (the inbox's server messages too); closing the line marks it read.

test.setTimeout(480_000);

test('an operator schedules an announcement; the player reads it on home and in the inbox, in English and Hindi', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const en = { title: `Maintenance ${stamp}`, body: 'Recharges pause tonight from 02:00 to 03:00 IST.' };
  const hi = { title: `रखरखाव ${stamp}`, body: 'आज रात 02:00 से 03:00 IST तक रिचार्ज रुके रहेंगे।' };

  await test.step('the operator schedules it for every player, from now for a day', async () => {
    const operator = await operatorConsole(browser);
    await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Announcements' }).click();
    const form = operator.getByRole('form', { name: 'Schedule an announcement' });
    await form.getByLabel('Kind').selectOption({ label: 'Service notice (every player)' });
    await form.getByLabel('Players').selectOption({ label: 'All players' });
    await form.getByLabel('Title (English)').fill(en.title);
    await form.getByLabel('Text (English)').fill(en.body);
    await form.getByLabel('Title (Hindi)').fill(hi.title);
    await form.getByLabel('Text (Hindi)').fill(hi.body);
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(operator.getByRole('status').filter({ hasText: `Scheduled: ${en.title}` })).toBeVisible();
    await expect(operator.getByRole('row').filter({ hasText: en.title })).toContainText('Showing');
    await operator.context().close();
  });

  await signInAsNewPlayer(page);

  await test.step('in English: one line on home, and the inbox above the welcome message', async () => {
    await page.goto('/');
    const line = page.getByRole('region', { name: 'Announcement' });
    await expect(line).toContainText(en.title);
    await expect(line).toContainText(en.body);
    await line.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: `Unread: ${en.title}` })).toBeVisible();
    await expect(page.getByText(en.body)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Unread: Welcome to Colorplay' })).toBeVisible();
  });

  await test.step('in Hindi: the same announcement and the welcome message, in Hindi', async () => {
    await page.goto('/main');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.goto('/home/Messages');
    await expect(page.getByRole('heading', { level: 3, name: `अपठित: ${hi.title}` })).toBeVisible();
    await expect(page.getByText(hi.body)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'अपठित: Colorplay में आपका स्वागत है' })).toBeVisible();
    await page.goto('/');
    const line = page.getByRole('region', { name: 'सूचना' });
    await expect(line).toContainText(hi.title);
    await line.getByRole('button', { name: 'सूचना को पढ़ा हुआ मार्क करें' }).click();
    await expect(line).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'सूचना' })).toBeHidden();
  });
});
