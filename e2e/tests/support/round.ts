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
