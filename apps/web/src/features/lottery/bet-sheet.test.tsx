import type { PlaceWingoBetInput } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast';
import { getResourceData, setResourceData } from '../../lib/resource';
import { signInForTests } from '../../test/render';
import { makeBet, stubWingoApi } from '../../test/fake-wingo-api';
import { BetSheet, type BetSheetProps } from './bet-sheet';

const BETS = API_PATHS.wingo_place_bet;

function renderSheet(overrides: Partial<BetSheetProps> = {}) {
  const onPlaced = vi.fn();
  const onClose = vi.fn();
  render(
    <ToastProvider>
      <BetSheet
        open
        onClose={onClose}
        room="30s"
        period="202611230300123"
        selection="red"
        multiplier={1}
        amountPresetsMinor={[100, 1_000, 10_000, 100_000]}
        multipliers={[1, 5, 10, 20, 50, 100]}
        feeBasisPoints={200}
        maxQuantity={1000}
        locked={false}
        onPlaced={onPlaced}
        {...overrides}
      />
    </ToastProvider>,
  );
  return { onPlaced, onClose, sheet: screen.getByRole('dialog', { name: 'Bet on Red' }) };
}

describe('bet sheet', () => {
  beforeEach(() => {
    signInForTests();
    setResourceData('balance', { balanceMinor: 1_000_000, currency: 'INR' });
  });

  it('total = amount x quantity x multiplier, with the 2 % fee shown', () => {
    stubWingoApi({});
    const { sheet } = renderSheet();
    expect(within(sheet).getByText('Total amount ₹1.00')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '₹100.00' }));
    fireEvent.change(within(sheet).getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'x20' }));
    // 100 rupees x 3 x 20 = 6,000 rupees; fee 2 % = 120; 5,880 plays.
    expect(within(sheet).getByText('Total amount ₹6,000.00')).toBeTruthy();
    expect(within(sheet).getByText('Includes a 2 % service fee of ₹120.00; ₹5,880.00 plays.')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Decrease quantity' }));
    expect(within(sheet).getByRole('button', { name: 'Confirm ₹4,000.00' })).toBeTruthy();
  });

  it('starts from the page multiplier chip', () => {
    stubWingoApi({});
    const { sheet } = renderSheet({ multiplier: 50 });
    expect(within(sheet).getByRole('button', { name: 'x50' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(sheet).getByText('Total amount ₹50.00')).toBeTruthy();
  });

  it('refuses to place the bet without the agreement to the rules', async () => {
    const api = stubWingoApi({});
    const { sheet } = renderSheet();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'I agree to the pre-sale rules' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹1.00' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('Agree to the rules to place the bet.');
    expect(api.callsTo('POST', BETS)).toHaveLength(0);
  });

  it('places one bet however often Confirm is tapped, and puts the new balance in the store', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stubWingoApi({
      [`POST ${BETS}`]: async ({ body }) => {
        await gate;
        const input = body as PlaceWingoBetInput;
        return { body: { data: { bet: makeBet({ period: input.period, selection: input.selection }), balanceMinor: 999_900 } } };
      },
    });
    const { sheet, onPlaced, onClose } = renderSheet();
    const confirm = within(sheet).getByRole('button', { name: 'Confirm ₹1.00' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('POST', BETS)).toHaveLength(1));
    release();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', BETS)).toHaveLength(1);
    expect(api.callsTo('POST', BETS)[0]!.body).toMatchObject({ room: '30s', period: '202611230300123', selection: 'red', amountMinor: 100, quantity: 1, multiplier: 1 });
    expect(getResourceData<{ balanceMinor: number }>('balance')?.balanceMinor).toBe(999_900);
    expect(onClose).toHaveBeenCalled();
  });

  it('retries a failed bet with the same idempotency key, and says why it failed by code', async () => {
    let answers = 0;
    const api = stubWingoApi({
      [`POST ${BETS}`]: () => {
        answers += 1;
        return answers === 1
          ? { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } } }
          : { status: 409, body: { error: { code: 'ROUND_LOCKED', message: 'locked' } } };
      },
    });
    const { sheet } = renderSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹1.00' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('The service is busy. Try again in a moment.');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹1.00' }));
    await waitFor(() => expect(within(sheet).getByRole('alert').textContent).toBe('Betting has closed for this round. Bet on the next one.'));
    const [first, second] = api.callsTo('POST', BETS).map((c) => (c.body as PlaceWingoBetInput).idempotencyKey);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('does not send a bet once the round is locked', async () => {
    const api = stubWingoApi({});
    const { sheet } = renderSheet({ locked: true });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹1.00' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('Betting has closed for this round. Bet on the next one.');
    expect(api.callsTo('POST', BETS)).toHaveLength(0);
  });
});

describe('bet sheet: a failure is a styled alert (decision 480)', () => {
  beforeEach(() => {
    signInForTests();
    setResourceData('balance', { balanceMinor: 1_000_000, currency: 'INR' });
  });

  it('shows the offline message as an alert box with the sheet’s own class, not the money screens’ form-error', async () => {
    stubWingoApi({ [`POST ${BETS}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { sheet } = renderSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹1.00' }));
    const alert = await within(sheet).findByRole('alert');
    expect(alert.textContent).toBe('No connection. Check your network and try again.');
    // Its rule is in the sheet's own stylesheet (checked in bet-sheet-css.test.ts).
    expect(alert.className).toBe('bet-sheet__problem');
  });
});
