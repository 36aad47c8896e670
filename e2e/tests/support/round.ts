import { expect, type Page } from '@playwright/test';

// Shared steps of the lottery specs: the money the app shows, and a round open long enough to bet.

/** ₹ and two decimals, Indian grouping, as the app shows money. */
export function rupees(minor: number): string {
  return `₹${(minor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Waits until the shown round has at least `seconds` left to bet (not in its locked tail). */
export async function waitForOpenRound(page: Page, seconds: number, timeoutMs = 70_000): Promise<void> {
  await expect(async () => {
    const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
    const left = Number(/(\d+) seconds left/.exec(label)?.[1] ?? '0');
    expect(left).toBeGreaterThanOrEqual(seconds);
  }).toPass({ timeout: timeoutMs, intervals: [500] });
}

/** Opens a Wingo bet on Big or Small for ₹10 × quantity and confirms it; returns the sheet. */
export async function betOn(page: Page, selection: 'Big' | 'Small', quantity: number) {
  await page.getByRole('button', { name: selection, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `Bet on ${selection}` });
  await sheet.getByRole('button', { name: '₹10.00', exact: true }).click();
  await sheet.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await sheet.getByRole('button', { name: /^Confirm ₹/ }).click();
  return sheet;
}

/** A room's state as the API answers it: the fields these steps read. */
type RoomState = { serverTimeMs: number; round: { period: string; opensAtMs: number; drawsAtMs: number }; chain: { firstPeriod: string } | null };

/** Reads a room's state through the API (not the page: a test's request count stays the page's own). */
async function roomState(page: Page, game: string, room: string): Promise<RoomState> {
  const res = await page.request.get(`/api/lottery/${game}/state?room=${room}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: RoomState }).data;
}

/** Waits until a room takes bets (Wingo's 30 s room by default): a fresh server publishes each room's chain when it first starts. */
export async function waitForBettingOpen(page: Page, game = 'wingo', room = '30s'): Promise<void> {
  await expect(async () => {
    const data = await roomState(page, game, room);
    expect(data.chain).not.toBeNull();
    expect(data.round.period >= data.chain!.firstPeriod).toBe(true);
  }).toPass({ timeout: 75_000, intervals: [1_000] });
}

/**
 * Waits, through the API and before the page opens, until a room's current round has run at least
 * `sinceOpenMs` and has at least `untilDrawMs` left before its draw: a test that counts the page's
 * reads then sees no result arrive (a result makes the page read the history again).
 */
export async function waitForQuietRound(page: Page, game: string, room: string, { sinceOpenMs, untilDrawMs }: { sinceOpenMs: number; untilDrawMs: number }): Promise<void> {
  await expect(async () => {
    const data = await roomState(page, game, room);
    expect(data.serverTimeMs - data.round.opensAtMs).toBeGreaterThanOrEqual(sinceOpenMs);
    expect(data.round.drawsAtMs - data.serverTimeMs).toBeGreaterThanOrEqual(untilDrawMs);
  }).toPass({ timeout: 75_000, intervals: [250] });
}
