import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { ApiError } from '../../lib/api-client';
import { useResource } from '../../lib/resource';
import { useMoneyAction } from './money-action';

type Call = { input: number; key: string; settle: (outcome: 'ok' | ApiError) => void };

/** A page with one money button whose requests the test settles one by one. */
function setup() {
  const calls: Call[] = [];
  let balanceReads = 0;
  function Page() {
    const [amount, setAmount] = useState(100);
    useResource({ key: 'balance', fetch: async () => ++balanceReads });
    const action = useMoneyAction(
      (input: number, key: string) =>
        new Promise<string>((resolve, reject) => {
          calls.push({ input, key, settle: (o) => (o === 'ok' ? resolve('done') : reject(o)) });
        }),
      { invalidates: ['balance'] },
    );
    return (
      <>
        <button type="button" onClick={() => void action.run(amount)}>
          {action.busy ? 'Paying…' : 'Pay'}
        </button>
        <button type="button" onClick={() => setAmount((a) => a + 1)}>
          Change amount
        </button>
      </>
    );
  }
  render(
    <AppProviders>
      <Page />
    </AppProviders>,
  );
  return { calls, balanceReads: () => balanceReads };
}

describe('useMoneyAction', () => {
  it('is single-flight: taps while a request is under way send nothing', async () => {
    const { calls } = setup();
    const pay = screen.getByRole('button', { name: 'Pay' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    fireEvent.click(screen.getByRole('button', { name: 'Paying…' }));
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.settle('ok'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(calls).toHaveLength(2);
  });

  it('keeps the idempotency key for a retry of the same intent, and takes a new one after success or a changed input', async () => {
    const { calls } = setup();
    const pay = () => fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    pay();
    await act(async () => calls[0]!.settle(new ApiError('NETWORK', 'offline', 0)));
    pay();
    expect(calls[1]!.key).toBe(calls[0]!.key);
    await act(async () => calls[1]!.settle(new ApiError('TIMEOUT', 'slow', 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Change amount' }));
    pay();
    expect(calls[2]!.input).toBe(101);
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
    await act(async () => calls[2]!.settle('ok'));
    pay();
    expect(calls[3]!.input).toBe(101);
    expect(calls[3]!.key).not.toBe(calls[2]!.key);
  });

  it('takes a new key after the server says the key was used with other data', async () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await act(async () => calls[0]!.settle(new ApiError('IDEMPOTENCY_CONFLICT', 'reused', 409)));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it.each([
    ['INSUFFICIENT_FUNDS', 409, 'Your balance is too low for this.'],
    ['SERVICE_UNAVAILABLE', 503, 'The service is busy. Try again in a moment.'],
    ['NETWORK', 0, 'No connection. Check your network and try again.'],
  ] as const)('shows %s as its own message, in one toast', async (code, status, text) => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await act(async () => calls[0]!.settle(new ApiError(code, 'server words are never shown', status)));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText('server words are never shown')).toBeNull();
  });

  it('reads the balance again after a success, not after a failure', async () => {
    const { calls, balanceReads } = setup();
    await act(async () => {});
    expect(balanceReads()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await act(async () => calls[0]!.settle(new ApiError('NETWORK', 'offline', 0)));
    expect(balanceReads()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await act(async () => calls[1]!.settle('ok'));
    expect(balanceReads()).toBe(2);
  });
});
