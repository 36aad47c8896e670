import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_USDT_XPUB } from '../../config';
import { createAddressDeriver } from './addresses';
import { baseUnitsToMinor, creditForPayment, formatRate, formatTokenAmount, inrToBaseUnits, inrToPayableBaseUnits, PAYABLE_DECIMALS, parseRateMinor } from './amounts';
import { autoCreditCapMinor, confirmationsOf, decideTransfer, type OrderFacts } from './credit-rules';
import { step } from './order-machine';
import { httpRateSource, RateUnavailableError } from './rate-source';

describe('amounts in integers', () => {
  it('parses and prints rates as paise per token', () => {
    expect(parseRateMinor('83.25')).toBe(8325);
    expect(parseRateMinor('83.2')).toBe(8320);
    expect(parseRateMinor('83')).toBe(8300);
    for (const bad of ['', '0', '0.00', '83.255', '-1', '8e3', '83,25', 'NaN']) expect(parseRateMinor(bad), bad).toBeNull();
    expect(formatRate(8325)).toBe('83.25');
    expect(formatRate(8305)).toBe('83.05');
  });

  it('rounds the amount to send up, and the credit of what arrived down', () => {
    // ₹500 at ₹83.25: 6.006006... USDT; 6 decimals (USDT on Ethereum) and 18 (BNB Smart Chain).
    expect(inrToBaseUnits(500_00, 8325, 6)).toBe(6_006_007n);
    expect(inrToBaseUnits(500_00, 8325, 18)).toBe(6_006_006_006_006_006_007n);
    expect(inrToBaseUnits(83_25, 8325, 6)).toBe(1_000_000n);
    expect(baseUnitsToMinor(6_006_007n, 8325, 6)).toBe(500_00n);
    expect(baseUnitsToMinor(1_000_000n, 8325, 6)).toBe(83_25n);
    expect(baseUnitsToMinor(1n, 8325, 6)).toBe(0n);
    // Paying exactly what was asked always credits at least the ordered amount.
    for (const amount of [100_00, 123_45, 999_99, 50_000_00]) {
      for (const rate of [8325, 8299, 9001, 1]) {
        for (const decimals of [0, 2, 6, 18]) {
          const credited = baseUnitsToMinor(inrToBaseUnits(amount, rate, decimals), rate, decimals);
          expect(credited >= BigInt(amount), `${amount} ${rate} ${decimals}`).toBe(true);
        }
      }
    }
    expect(formatTokenAmount(6_006_007n, 6)).toBe('6.006007');
    expect(formatTokenAmount(6_000_000n, 6)).toBe('6');
    expect(formatTokenAmount(7n, 6)).toBe('0.000007');
    expect(formatTokenAmount(5n, 0)).toBe('5');
  });
});

describe('the amount a player is asked to send (issue 22)', () => {
  // Every amount the order form allows in ₹0.01 steps would be slow; a spread of awkward ones
  // (primes, x.99, the limits) times rates from ₹1 to ₹999.99 per USDT, at 6 and 18 decimals.
  const amounts = [1, 99, 100_00, 123_45, 499_99, 500_00, 777_77, 999_99, 1_000_00, 12_345_67, 49_999_99, 50_000_00, 99_999_99];
  const rates = [1, 7, 100, 8299, 8325, 8333, 8400, 9001, 9999, 99_999];

  it('has at most two decimals, is never underpaid, and an exact payment credits exactly the order', () => {
    for (const decimals of [6, 18]) {
      const step = 10n ** BigInt(decimals - PAYABLE_DECIMALS);
      for (const amountMinor of amounts) {
        for (const rate of rates) {
          const asked = inrToPayableBaseUnits(amountMinor, rate, decimals);
          const label = `₹${amountMinor / 100} at ${rate} paise, ${decimals} decimals: ${formatTokenAmount(asked, decimals)}`;
          expect(asked % step, label).toBe(0n);
          expect(formatTokenAmount(asked, decimals).split('.')[1]?.length ?? 0, label).toBeLessThanOrEqual(PAYABLE_DECIMALS);
          // Never underpaid: what was asked is worth at least the order at the locked rate...
          expect(baseUnitsToMinor(asked, rate, decimals) >= BigInt(amountMinor), label).toBe(true);
          // ...and it is the smallest such two-decimal amount (rounded up by less than one cent).
          expect(asked - inrToBaseUnits(amountMinor, rate, decimals) < step, label).toBe(true);
          const order = { tokenAmount: asked, amountMinor, rateMinorPerToken: rate, decimals };
          expect(creditForPayment(asked, order), label).toBe(BigInt(amountMinor));
          // One base unit less is an underpayment: never more than the order.
          expect(creditForPayment(asked - 1n, order) <= BigInt(amountMinor), label).toBe(true);
          // More is never worth less than the exact payment.
          expect(creditForPayment(asked + step, order) >= BigInt(amountMinor), label).toBe(true);
        }
      }
    }
    expect(formatTokenAmount(inrToPayableBaseUnits(100_00, 8300, 18), 18)).toBe('1.21');
    expect(formatTokenAmount(inrToPayableBaseUnits(83_00, 8300, 18), 18)).toBe('1');
  });

  it('treats the exact rounded amount as paid in full, neither under- nor overpaid', () => {
    const expiresAt = new Date('2026-06-01T10:15:00Z');
    const tokenAmount = inrToPayableBaseUnits(100_00, 8300, 18);
    const order: OrderFacts = { status: 'waiting', expiresAt, tokenAmount, amountMinor: 100_00, rateMinorPerToken: 8300, decimals: 18, maxMinor: 50_000_00, alreadyPaid: false };
    const t = { blockNumber: 1, blockTime: new Date('2026-06-01T10:10:00Z'), amountBaseUnits: tokenAmount };
    expect(decideTransfer(t, order, 3, 3)).toEqual({ action: 'credit', creditedMinor: 100_00, excessMinor: 0, underpaid: false, overpaid: false });
  });
});

describe('the order state machine', () => {
  it('allows only the listed moves', () => {
    expect(step('waiting', 'transfer_seen')).toBe('seen');
    expect(step('seen', 'transfer_dropped')).toBe('waiting');
    expect(step('seen', 'credited')).toBe('succeeded');
    expect(step('waiting', 'player_cancelled')).toBe('cancelled');
    expect(step('seen', 'player_cancelled')).toBeNull();
    expect(step('seen', 'timed_out')).toBeNull();
    expect(step('expired', 'credited')).toBeNull();
    expect(step('succeeded', 'review_needed')).toBeNull();
    expect(step('cancelled', 'review_needed')).toBe('review');
    for (const event of ['transfer_seen', 'transfer_dropped', 'credited', 'timed_out', 'player_cancelled', 'review_needed', 'review_approved', 'review_rejected'] as const) {
      expect(step('succeeded', event), event).toBeNull();
    }
  });

  it('lets an operator close only an order in review', () => {
    expect(step('review', 'review_approved')).toBe('succeeded');
    expect(step('review', 'review_rejected')).toBe('expired');
    expect(step('review', 'review_rejected_after_cancel')).toBe('cancelled');
    for (const status of ['waiting', 'seen', 'succeeded', 'expired', 'cancelled'] as const) {
      for (const event of ['review_approved', 'review_rejected', 'review_rejected_after_cancel'] as const) {
        expect(step(status, event), `${status} ${event}`).toBeNull();
      }
    }
  });
});

describe('the credit decision', () => {
  const expiresAt = new Date('2026-06-01T10:30:00Z');
  const order: OrderFacts = { status: 'seen', expiresAt, tokenAmount: 6_006_007n, rateMinorPerToken: 8325, decimals: 6, amountMinor: 500_00, maxMinor: 50_000_00, alreadyPaid: false };
  const t = { blockNumber: 100, blockTime: new Date('2026-06-01T10:10:00Z'), amountBaseUnits: 6_006_007n };

  it('waits for N confirmations, then credits at the locked rate', () => {
    expect(confirmationsOf(100, 100)).toBe(1);
    expect(confirmationsOf(100, 99)).toBe(0);
    expect(decideTransfer(t, order, 101, 3)).toEqual({ action: 'wait', confirmations: 2 });
    expect(decideTransfer(t, order, 102, 3)).toEqual({ action: 'credit', creditedMinor: 500_00, excessMinor: 0, underpaid: false, overpaid: false });
    expect(decideTransfer({ ...t, amountBaseUnits: 1_000_000n }, order, 102, 3)).toEqual({ action: 'credit', creditedMinor: 83_25, excessMinor: 0, underpaid: true, overpaid: false });
  });

  it('credits an overpayment up to the order plus 1 % (and the per-order maximum); the rest goes to review', () => {
    expect(autoCreditCapMinor(500_00, 50_000_00)).toBe(505_00);
    // 6.066068 USDT is worth the order plus ₹5.00 (the excess 0.060061 valued on its own, rounded
    // down): within the tolerance, all credited.
    expect(decideTransfer({ ...t, amountBaseUnits: 6_066_068n }, order, 102, 3)).toEqual({ action: 'credit', creditedMinor: 505_00, excessMinor: 0, underpaid: false, overpaid: true });
    // Twice the order: ₹505 credited, the other ₹495.00 waits for an operator.
    expect(decideTransfer({ ...t, amountBaseUnits: 12_012_014n }, order, 102, 3)).toEqual({ action: 'credit', creditedMinor: 505_00, excessMinor: 495_00, underpaid: false, overpaid: true });
    // The attack of decision 191: a ₹100 order paid with 1,000,000 test USDT credits ₹101, not ₹8.3 crore.
    const small = { ...order, amountMinor: 100_00, tokenAmount: 1_201_202n };
    expect(decideTransfer({ ...t, amountBaseUnits: 1_000_000_000_000n }, small, 102, 3)).toEqual({ action: 'credit', creditedMinor: 101_00, excessMinor: 8_325_000_000 - 1 - 101_00, underpaid: false, overpaid: true });
    // (The excess beyond the order is valued on its own and rounded down: one paisa less than
    // valuing the whole payment at once.)
    // The per-order maximum holds at credit time, even when it was lowered after the order.
    expect(decideTransfer(t, { ...order, maxMinor: 400_00 }, 102, 3)).toEqual({ action: 'credit', creditedMinor: 400_00, excessMinor: 100_00, underpaid: false, overpaid: false });
  });

  it('sends late, second, after-cancel and worthless payments to review', () => {
    expect(decideTransfer({ ...t, blockTime: new Date(expiresAt.getTime() + 1000) }, order, 102, 3)).toEqual({ action: 'review', reason: 'late_payment' });
    expect(decideTransfer(t, { ...order, status: 'expired' }, 102, 3)).toEqual({ action: 'credit', creditedMinor: 500_00, excessMinor: 0, underpaid: false, overpaid: false });
    expect(decideTransfer(t, { ...order, alreadyPaid: true }, 102, 3)).toEqual({ action: 'review', reason: 'second_payment' });
    expect(decideTransfer(t, { ...order, status: 'succeeded' }, 102, 3)).toEqual({ action: 'review', reason: 'second_payment' });
    expect(decideTransfer(t, { ...order, status: 'cancelled' }, 102, 3)).toEqual({ action: 'review', reason: 'paid_after_cancel' });
    expect(decideTransfer({ ...t, amountBaseUnits: 1n }, order, 102, 3)).toEqual({ action: 'review', reason: 'amount_too_small' });
  });
});

describe('deposit addresses from an xpub', () => {
  it('are the addresses a standard wallet of the same key shows (m/44\'/60\'/0\'/0/i)', () => {
    const derive = createAddressDeriver(SANDBOX_USDT_XPUB);
    const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    for (const index of [0, 1, 7, 1000]) expect(derive(index)).toBe(mnemonicToAccount(mnemonic, { addressIndex: index }).address);
    expect(new Set([0, 1, 2, 3].map(derive)).size).toBe(4);
  });

  it('refuses an extended private key', () => {
    const xprv = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    expect(() => createAddressDeriver(xprv)).toThrow(/public/);
  });
});

describe('the HTTP rate source', () => {
  let server: Server;
  let answer: { status: number; body: string; delayMs?: number };
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      const { status, body, delayMs = 0 } = answer;
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs).unref();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rate`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads {"inrPerUsdt": "83.25"} and refuses anything else', async () => {
    // A generous timeout for the answers that come at once (the machine may be busy)...
    const source = httpRateSource(url, 5000);
    answer = { status: 200, body: '{"inrPerUsdt":"83.25"}' };
    expect(await source.currentRateMinor()).toBe(8325);
    for (const bad of [
      { status: 200, body: '{"inrPerUsdt":83.25}' },
      { status: 200, body: '{"inrPerUsdt":"0"}' },
      { status: 200, body: 'not json' },
      { status: 503, body: '{"inrPerUsdt":"83.25"}' },
    ]) {
      answer = bad;
      await expect(source.currentRateMinor(), JSON.stringify(bad)).rejects.toBeInstanceOf(RateUnavailableError);
    }
    // ...and a short one for an answer that comes far too late.
    answer = { status: 200, body: '{"inrPerUsdt":"83.25"}', delayMs: 3000 };
    await expect(httpRateSource(url, 100).currentRateMinor()).rejects.toBeInstanceOf(RateUnavailableError);
  });
});
