import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/fake-api';
import { signInForTests } from '../test/render';
import { applyBalance, useBalance } from './balance';
import { formatMoneyMinor } from './format';

/**
 * The balance follows the network coming back, the tab coming back, and the money actions of
 * the browser's other tabs (decision 508).
 */

function BalanceLine() {
  const balance = useBalance();
  return <p aria-label="balance">{balance.data ? formatMoneyMinor(balance.data.balanceMinor, balance.data.currency) : balance.error ? '—' : 'loading'}</p>;
}

/** A BroadcastChannel of this process: a message reaches every other open channel of the name, never its sender (as in browsers). */
class FakeChannel {
  static open: FakeChannel[] = [];
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  received: unknown[] = [];
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  postMessage(data: unknown): void {
    for (const other of FakeChannel.open) {
      if (other === this || other.name !== this.name) continue;
      other.received.push(data);
      queueMicrotask(() => other.onmessage?.(new MessageEvent('message', { data })));
    }
  }
  close(): void {
    FakeChannel.open = FakeChannel.open.filter((c) => c !== this);
  }
}

/** The balance endpoint answering each amount in turn (the last one from then on). */
function stubBalances(...amountsMinor: (number | 'offline')[]) {
  let served = 0;
  const api = stubApi({
    'GET /api/wallet/balance': () => {
      const amount = amountsMinor[Math.min(served++, amountsMinor.length - 1)]!;
      if (amount === 'offline') throw new TypeError('Failed to fetch');
      return { body: { data: { balanceMinor: amount, currency: 'INR' } } };
    },
  });
  return { reads: () => api.callsTo('GET', '/api/wallet/balance').length };
}

const shown = () => screen.getByRole('paragraph', { name: 'balance' }).textContent;

describe('the balance in sync', () => {
  beforeEach(() => {
    FakeChannel.open = [];
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    signInForTests();
  });

  it('reads the balance again when the network comes back, instead of keeping "—"', async () => {
    const balances = stubBalances('offline', 145_880);
    render(<BalanceLine />);
    await waitFor(() => expect(shown()).toBe('—'));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(shown()).toBe('₹1,458.80'));
    expect(balances.reads()).toBe(2);
  });

  it('reads the balance again when the tab becomes visible', async () => {
    stubBalances(145_880, 5_880);
    render(<BalanceLine />);
    await waitFor(() => expect(shown()).toBe('₹1,458.80'));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(shown()).toBe('₹58.80'));
  });

  it('reads the balance from the server when another tab says it moved, and ignores anything else', async () => {
    const balances = stubBalances(145_880, 5_880);
    render(<BalanceLine />);
    await waitFor(() => expect(shown()).toBe('₹1,458.80'));
    const otherTab = new FakeChannel('cp-balance');
    // An amount from another tab is never taken: nothing is read, nothing changes.
    otherTab.postMessage({ balanceMinor: 1 });
    await act(() => Promise.resolve());
    expect(balances.reads()).toBe(1);
    otherTab.postMessage('balance-changed');
    await waitFor(() => expect(shown()).toBe('₹58.80'));
    expect(balances.reads()).toBe(2);
  });

  it('tells the other tabs, without an amount, when a money action here moved the balance', async () => {
    stubBalances(145_880);
    render(<BalanceLine />);
    await waitFor(() => expect(shown()).toBe('₹1,458.80'));
    const otherTab = new FakeChannel('cp-balance');
    act(() => applyBalance({ balanceMinor: 5_880, currency: 'INR' }));
    expect(shown()).toBe('₹58.80');
    expect(otherTab.received).toEqual(['balance-changed']);
  });
});
