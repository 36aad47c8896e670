import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { skipSplash } from './support/accounts';
import { signInAsDemoOperator } from './support/admin';
import { GUEST_ROUTES, PLAYER_ROUTES, trxVerifyRoute } from './support/routes';
import { rechargeThroughSandbox, signInAsNewPlayer, startRecharge } from './support/wallet';

// axe-core (pinned, decision 223) on every route and dialog state at 360 px, in English and in
// Hindi: zero violations of WCAG 2.1 A/AA (contrast included). axe is evaluated through the
// DevTools protocol, which the strict CSP (no inline script) does not block.

test.setTimeout(240_000);
test.use({ viewport: { width: 360, height: 740 } });

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe on the page as it is now and returns readable violations ("rule: selector"). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${n.target.join(' ')}`));
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

async function useLocale(page: Page, locale: 'en' | 'hi'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('colorplay.locale', l), locale);
}

for (const locale of ['en', 'hi'] as const) {
  test(`guest screens have no axe violations (${locale})`, async ({ page, context }) => {
    await skipSplash(context);
    await useLocale(page, locale);
    const found: string[] = [];
    for (const path of GUEST_ROUTES) {
      await page.goto(path);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  test(`player screens and their dialogs have no axe violations (${locale})`, async ({ page }) => {
    await signInAsNewPlayer(page);
    await useLocale(page, locale);
    const found: string[] = [];
    for (const path of [...PLAYER_ROUTES, await trxVerifyRoute(page)]) {
      await page.goto(path);
      await settle(page);
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    // The Activity tab with offers open (consent given on the account page, its one switch): the
    // terms and the gift-code form.
    await page.goto('/main');
    await settle(page);
    await page.getByRole('switch').check();
    // Saved (not only shown as saving) before leaving the page, which would cut the request off.
    await expect(page.getByRole('switch')).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('switch')).toBeChecked();
    await page.goto('/activity');
    await settle(page);
    await expect(page.getByRole('checkbox')).toBeVisible({ timeout: 20_000 });
    found.push(...(await axeViolations(page)).map((v) => `/activity with offers: ${v}`));
    // Dialog states: logout confirmation, Wingo's bet sheet and rules.
    await page.goto('/main');
    await settle(page);
    const logoutButton = page.getByRole('button', { name: locale === 'en' ? 'Log out' : 'लॉग आउट' });
    await logoutButton.click();
    // After the entry transition: mid-fade colours are not what the player reads (a loaded
    // machine's axe run once caught the dialog's text half faded in).
    await settled(page.getByRole('dialog'));
    found.push(...(await axeViolations(page)).map((v) => `/main logout dialog: ${v}`));
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog')).toHaveCount(0);
    await expect(logoutButton).toBeFocused();

    await page.goto('/home/AllLotteryGames/Wingo');
    await settle(page);
    const rulesButton = page.getByRole('button', { name: locale === 'en' ? 'Rules' : 'नियम' });
    await rulesButton.click();
    await settled(page.getByRole('dialog'));
    found.push(...(await axeViolations(page)).map((v) => `Wingo rules dialog: ${v}`));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.locator('dialog')).toHaveCount(0);
    await expect(rulesButton).toBeFocused();
    const green = page.getByRole('button', { name: locale === 'en' ? 'Green' : 'हरा' });
    // Open the sheet early in a round: if the round locks while it is open, Green is disabled
    // and cannot take the focus back (a slow machine's axe run takes seconds).
    await expect(async () => {
      const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
      expect(Number(/(\d+) (?:seconds? left|सेकंड बाकी)/.exec(label)?.[1] ?? '0')).toBeGreaterThanOrEqual(15);
    }).toPass({ timeout: 40_000, intervals: [500] });
    await expect(green).toBeEnabled();
    await green.click();
    // After the sheet's entry transition: mid-fade colours are not what the player reads.
    await settled(page.getByRole('dialog'));
    found.push(...(await axeViolations(page)).map((v) => `Wingo bet sheet: ${v}`));
    await page.keyboard.press('Escape');
    // Focus returns to the opener when a dialog closes.
    await expect(green).toBeFocused();

    // Trx Win's rules (its own text) and bet sheet (Wingo's board on the generic page).
    await page.goto('/home/AllLotteryGames/TrxWin');
    await settle(page);
    const trxRules = page.getByRole('button', { name: locale === 'en' ? 'Rules' : 'नियम' });
    await trxRules.click();
    await settled(page.getByRole('dialog'));
    found.push(...(await axeViolations(page)).map((v) => `Trx Win rules dialog: ${v}`));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    const trxGreen = page.getByRole('button', { name: locale === 'en' ? 'Green' : 'हरा' });
    await expect(async () => {
      const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
      expect(Number(/(\d+) (?:seconds? left|सेकंड बाकी)/.exec(label)?.[1] ?? '0')).toBeGreaterThanOrEqual(15);
    }).toPass({ timeout: 70_000, intervals: [500] });
    await trxGreen.click();
    await settled(page.getByRole('dialog'));
    found.push(...(await axeViolations(page)).map((v) => `Trx Win bet sheet: ${v}`));
    await page.keyboard.press('Escape');
    await expect(trxGreen).toBeFocused();
    expect(found).toEqual([]);
  });
}

// The other dialog states a player can open, each read by its name in the language under test.
const LABELS = {
  en: {
    secondsLeft: /(\d+) seconds? left/,
    big: 'Big',
    betOn: (s: string) => `Bet on ${s}`,
    quantity: 'Quantity',
    confirm: (total: string) => `Confirm ${total}`,
    result: /Congratulations|Sorry, no win this time/,
    realityCheck: 'Reality check',
    withdrawAmount: 'Amount (₹)',
    withdraw: (amount: string) => `Withdraw ${amount}`,
    withdrawConfirmTitle: 'Confirm withdrawal',
    withdrawConfirm: (amount: string) => `Confirm ${amount}`,
    cancelWithdrawal: 'Cancel withdrawal',
    cancelWithdrawalTitle: 'Cancel this withdrawal?',
    removeMethod: /^Remove /,
    removeMethodTitle: 'Remove this payout method?',
    cancelOrder: 'Cancel order',
    cancelOrderTitle: 'Cancel this order?',
    tips: 'Tips',
    takeBreak: 'Take a break',
    takeBreakTitle: 'Take a break?',
    exclude: 'Exclude me',
    excludeTitle: 'Exclude yourself?',
    install: 'Install the app',
    offline: 'You are offline.',
  },
  hi: {
    secondsLeft: /(\d+) सेकंड बाकी/,
    big: 'बड़ा',
    betOn: (s: string) => `${s} पर बेट`,
    quantity: 'संख्या',
    confirm: (total: string) => `${total} पक्का करें`,
    result: /बधाई हो|माफ़ कीजिए, इस बार जीत नहीं हुई/,
    realityCheck: 'रियलिटी चेक',
    withdrawAmount: 'रकम (₹)',
    withdraw: (amount: string) => `${amount} निकालें`,
    withdrawConfirmTitle: 'निकासी की पुष्टि करें',
    withdrawConfirm: (amount: string) => `${amount} की पुष्टि करें`,
    cancelWithdrawal: 'निकासी रद्द करें',
    cancelWithdrawalTitle: 'यह निकासी रद्द करें?',
    removeMethod: /हटाएँ$/,
    removeMethodTitle: 'यह पेआउट तरीका हटाएँ?',
    cancelOrder: 'ऑर्डर रद्द करें',
    cancelOrderTitle: 'यह ऑर्डर रद्द करें?',
    tips: 'सूचना',
    takeBreak: 'ब्रेक लें',
    takeBreakTitle: 'ब्रेक लेना है?',
    exclude: 'मुझे बाहर रखें',
    excludeTitle: 'खुद को बाहर रखना है?',
    install: 'ऐप इंस्टॉल करें',
    offline: 'आप ऑफ़लाइन हैं।',
  },
} as const;

/** A 1x1 PNG: the server checks a KYC document's type by its magic bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Waits for a dialog's entry transition to end, so axe measures the colours the player reads. */
/** Waits until a dialog (or bar) is visible and its entry animations have finished. */
async function settled(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await dialog.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
}

/**
 * Opens a dialog from its opener, runs axe on that state, closes it with Escape (never
 * confirming) and checks focus went back to the opener.
 */
async function dialogState(page: Page, found: string[], label: string, opener: Locator, name: string | RegExp): Promise<void> {
  // The page state under the dialog too (a real order, a saved method: not in the route list).
  await expect(opener).toBeVisible();
  found.push(...(await axeViolations(page)).map((v) => `${label}, page under it: ${v}`));
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await settled(dialog);
  found.push(...(await axeViolations(page)).map((v) => `${label}: ${v}`));
  await page.keyboard.press('Escape');
  // Popup unmounts its <dialog> after the exit transition; focus returns then.
  await expect(page.locator('dialog')).toHaveCount(0);
  await expect(opener, `${label}: focus returns to the opener`).toBeFocused();
}

/** Submits a KYC in English and has the demo operator verify it in /admin (the steps of withdrawal.spec). */
async function verifiedKyc(page: Page, browser: Browser, phone: string): Promise<void> {
  // A name of this player's own (letters from the phone's digits) finds their submission in the queue.
  const name = `Asha ${[...phone.slice(-6)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
  await page.goto('/wallet/Kyc');
  await expect(page.getByRole('heading', { level: 1, name: 'Identity check' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Full name (as on your PAN card)' }).fill(name);
  await page.getByLabel('Date of birth').fill('17/05/1990');
  await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('ABCDE1234F');
  await page.getByLabel('Photo or PDF of your PAN card').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const operator = await context.newPage();
  await signInAsDemoOperator(operator);
  await operator.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'KYC' }).click();
  const submission = operator.getByRole('listitem').filter({ hasText: name });
  await submission.getByRole('button', { name: 'Verify' }).click();
  await operator.getByRole('dialog', { name: /^Verify identity kyc_/ }).getByRole('button', { name: 'Confirm' }).click();
  await expect(operator.getByRole('status').filter({ hasText: /^Done: kyc_\S+ is now verified\.$/ })).toBeVisible();
  await context.close();
}

for (const locale of ['en', 'hi'] as const) {
  test(`every other dialog state and the app bars have no axe violations (${locale})`, async ({ page, context, browser }) => {
    test.setTimeout(420_000);
    const L = LABELS[locale];
    const found: string[] = [];

    // Setup in English with the shared helpers: money, a verified identity, a payout method, a
    // reality-check interval and two open recharge orders (UPI and USDT).
    const { phone } = await signInAsNewPlayer(page);
    await rechargeThroughSandbox(page, '₹500.00');
    await verifiedKyc(page, browser, phone);
    await page.goto('/wallet/Withdraw');
    const add = page.getByRole('form', { name: 'Add a payout method' });
    await add.getByRole('textbox', { name: 'UPI ID' }).fill('asha.rao@okbank');
    await add.getByRole('button', { name: 'Save payout method' }).click();
    await expect(page.getByRole('radio', { name: /asha\.rao@okbank/ })).toBeChecked();

    await page.goto('/main/Safety');
    await page.getByRole('radio', { name: '15 minutes' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('radio', { name: '15 minutes' })).toBeChecked({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });

    await startRecharge(page, { typed: '100' });
    const upiOrder = page.url();
    await page.goto('/wallet/Recharge');
    const usdt = page.getByRole('radio', { name: 'USDT' });
    await expect(usdt).toBeEnabled();
    await usdt.check();
    await page.getByRole('button', { name: '₹100.00', exact: true }).click();
    await page.getByRole('button', { name: 'Recharge ₹100.00' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'USDT payment' })).toBeVisible();
    const usdtOrder = page.url();

    if (locale === 'hi') {
      // The player's own switch on the account page (kept for the device and the account).
      await page.goto('/main');
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    }

    // Wingo's result popup: one 30 s round with a lone ₹250 Big stake (it also clears the e2e
    // server's wagering lock of half the deposit, so a withdrawal can be requested below).
    await expect(async () => {
      const res = await page.request.get('/api/lottery/wingo/state?room=30s');
      const { data } = (await res.json()) as { data: { round: { period: string }; chain: { firstPeriod: string } | null } };
      expect(data.chain).not.toBeNull();
      expect(data.round.period >= data.chain!.firstPeriod).toBe(true);
    }).toPass({ timeout: 75_000, intervals: [1_000] });
    await page.goto('/home/AllLotteryGames/Wingo');
    await settle(page);
    await expect(async () => {
      const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
      expect(Number(L.secondsLeft.exec(label)?.[1] ?? '0')).toBeGreaterThanOrEqual(15);
    }).toPass({ timeout: 40_000, intervals: [500] });
    await page.getByRole('button', { name: L.big, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: L.betOn(L.big) });
    await sheet.getByRole('button', { name: '₹10.00', exact: true }).click();
    await sheet.getByRole('spinbutton', { name: L.quantity }).fill('25');
    await sheet.getByRole('button', { name: L.confirm('₹250.00') }).click();
    await expect(sheet).toBeHidden();
    const result = page.getByRole('dialog', { name: L.result });
    await expect(result).toBeVisible({ timeout: 60_000 });
    await settled(result);
    found.push(...(await axeViolations(page)).map((v) => `Wingo result popup: ${v}`));
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog')).toHaveCount(0);
    // No opener to return to: the popup opens on its own when the round settles.

    // The reality check, due while the page is open: the session began 15 minutes ago less 3
    // seconds and a game page marked it just now ("start:seen" in localStorage, as
    // features/safety/play-session.ts keeps it), at the player's interval.
    await page.evaluate(() => localStorage.setItem('cp_play_session', `${Date.now() - 15 * 60_000 + 3_000}:${Date.now()}`));
    await page.reload();
    const reality = page.getByRole('dialog', { name: L.realityCheck });
    await expect(reality).toBeVisible({ timeout: 20_000 });
    await settled(reality);
    found.push(...(await axeViolations(page)).map((v) => `reality check: ${v}`));
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog')).toHaveCount(0);

    // A withdrawal under review can be cancelled; and the saved payout method removed.
    await page.goto('/wallet/Withdraw');
    await settle(page);
    await dialogState(page, found, 'remove payout method', page.getByRole('button', { name: L.removeMethod }), L.removeMethodTitle);
    await page.getByRole('textbox', { name: L.withdrawAmount }).fill('200');
    const withdraw = page.getByRole('button', { name: L.withdraw('₹200.00') });
    await dialogState(page, found, 'withdrawal confirmation', withdraw, L.withdrawConfirmTitle);
    const requested = page.waitForResponse((r) => r.url().includes('/api/wallet/withdraw/request'));
    await withdraw.click();
    await page.getByRole('dialog', { name: L.withdrawConfirmTitle }).getByRole('button', { name: L.withdrawConfirm('₹200.00') }).click();
    expect((await requested).status()).toBe(200);
    await page.goto('/wallet/WithdrawHistory');
    await settle(page);
    await dialogState(page, found, 'withdrawal cancel', page.getByRole('button', { name: L.cancelWithdrawal }).first(), L.cancelWithdrawalTitle);

    await page.goto(upiOrder);
    await settle(page);
    await dialogState(page, found, 'UPI order cancel', page.getByRole('button', { name: L.cancelOrder }), L.cancelOrderTitle);
    await page.goto(usdtOrder);
    await settle(page);
    await dialogState(page, found, 'USDT order cancel', page.getByRole('button', { name: L.cancelOrder }), L.cancelOrderTitle);

    await page.goto('/home/AllGames?tab=7');
    await settle(page);
    await dialogState(page, found, 'lobby Tips', page.getByRole('tabpanel').getByRole('listitem').first().getByRole('button'), L.tips);

    await page.goto('/main/Safety');
    await settle(page);
    await dialogState(page, found, 'break confirmation', page.getByRole('button', { name: L.takeBreak, exact: true }), L.takeBreakTitle);
    await dialogState(page, found, 'self-exclusion confirmation', page.getByRole('button', { name: L.exclude, exact: true }), L.excludeTitle);

    // The install offer: a second visit, and Chromium's install event (which a test browser
    // never fires on its own, so it is dispatched as the browser would).
    await page.goto('/');
    await settle(page);
    // Sent again until the bar shows: its listener arrives with a lazy chunk after the page settles.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true })));
      await expect(page.getByRole('complementary', { name: L.install })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await settled(page.getByRole('complementary', { name: L.install }));
    found.push(...(await axeViolations(page)).map((v) => `install offer: ${v}`));

    // The offline bar.
    await context.setOffline(true);
    await settled(page.getByRole('status').filter({ hasText: L.offline }));
    found.push(...(await axeViolations(page)).map((v) => `offline bar: ${v}`));
    await context.setOffline(false);

    expect(found).toEqual([]);
  });
}
