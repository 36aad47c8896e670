/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LotteryBet, PlaceLotteryBetInput } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { FIVED_SELECTIONS, K3_SELECTIONS } from '@colorplay/lottery';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getResourceData } from '../../../lib/resource';
import { EMPTY_PAGE, k3OpenRoom, stubWingoApi } from '../../../test/fake-wingo-api';
import { signInForTests } from '../../../test/render';
import { FivedBoard } from './fived-board';
import { K3Board } from './k3-board';
import { lotteryScreenOf, lotteryVerifyHref } from './links';
import { OutcomeValues } from './outcome';
import { lotterySettled } from '../settlements';
import { renderLotteryPage } from '../../../test/render-lottery-page';

/** Every button of the board, across its tabs or position picker, tapped once: the ids it offers. */
function tapEverything(scope: HTMLElement, onChoose: ReturnType<typeof vi.fn>, pickers: HTMLElement[]) {
  const chosen = new Set<string>();
  const tapAll = () => {
    for (const button of within(scope).getAllByRole('button')) {
      if (pickers.includes(button) || button.getAttribute('aria-pressed') !== null) continue;
      fireEvent.click(button);
    }
    for (const call of onChoose.mock.calls) chosen.add(call[0] as string);
  };
  if (pickers.length === 0) tapAll();
  for (const picker of pickers) {
    fireEvent.click(picker);
    tapAll();
  }
  return chosen;
}

describe('K3 board', () => {
  it('names its choices as they read, in the Total / 2 same / 3 same / Different tabs', () => {
    render(<K3Board locked={false} secondsLeft={30} onChoose={() => undefined} />);
    for (const name of ['Sum 3', 'Sum 10', 'Sum 18', 'Big', 'Small', 'Odd', 'Even']) expect(screen.getByRole('button', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '2 same' }));
    for (const name of ['Two same 1 1', 'Two same 6 6', 'Two same 1 1 and 2', 'Two same 6 6 and 5']) expect(screen.getByRole('button', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '3 same' }));
    for (const name of ['Three same 6 6 6', 'Three same 1 1 1', 'Any three same']) expect(screen.getByRole('button', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Different' }));
    for (const name of ['Three different 1 2 3', 'Three different 4 5 6', 'Two different 1 2', 'Two different 5 6', 'Three in a row']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('offers exactly the rule table’s 99 selections, each once', () => {
    const onChoose = vi.fn();
    render(<K3Board locked={false} secondsLeft={30} onChoose={onChoose} />);
    const board = screen.getByRole('region', { name: 'Selections' });
    const tabs = within(board).getAllByRole('tab');
    const chosen = new Set<string>();
    for (const tab of tabs) {
      fireEvent.click(tab);
      for (const button of within(screen.getByRole('tabpanel')).getAllByRole('button')) fireEvent.click(button);
    }
    for (const call of onChoose.mock.calls) chosen.add(call[0] as string);
    expect(onChoose).toHaveBeenCalledTimes(K3_SELECTIONS.length);
    expect([...chosen].sort()).toEqual([...K3_SELECTIONS].sort());
  });

  it('is disabled under the countdown once betting has closed', () => {
    const onChoose = vi.fn();
    render(<K3Board locked secondsLeft={4} onChoose={onChoose} />);
    expect(screen.getByRole('status').textContent).toContain('4 s');
    expect((screen.getByRole('button', { name: 'Sum 10' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('5D board', () => {
  it('offers each position’s digits and sides and the sum’s sides: the rule table’s 74 selections', () => {
    const onChoose = vi.fn();
    render(<FivedBoard locked={false} secondsLeft={30} onChoose={onChoose} />);
    const picker = screen.getByRole('group', { name: 'Position' });
    const pickers = within(picker).getAllByRole('button');
    expect(pickers.map((b) => b.textContent)).toEqual(['A', 'B', 'C', 'D', 'E', 'Sum']);
    expect(screen.getByRole('button', { name: 'A 7' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'A Big' })).toBeTruthy();
    fireEvent.click(within(picker).getByRole('button', { name: 'Sum' }));
    expect(within(picker).getByRole('button', { name: 'Sum' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Sum Odd' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sum 7' })).toBeNull();
    const chosen = tapEverything(screen.getByRole('region', { name: 'Selections' }), onChoose, pickers);
    expect([...chosen].sort()).toEqual([...FIVED_SELECTIONS].sort());
  });
});

describe('5D positions in colour', () => {
  // Read from disk: Vitest hands CSS imports to tests as empty modules.
  const read = (file: string) => readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), file), 'utf8');
  const positionOf = (el: Element) => [...el.classList].find((c) => /^lg-position--[a-e]$/.test(c));

  it('gives A-E each its own colour on the board and in a result, the letters kept', () => {
    render(<FivedBoard locked={false} secondsLeft={30} onChoose={() => undefined} />);
    const picker = screen.getByRole('group', { name: 'Position' });
    const letters = within(picker).getAllByRole('button').slice(0, 5);
    expect(letters.map((b) => [b.textContent, positionOf(b)])).toEqual(['a', 'b', 'c', 'd', 'e'].map((p) => [p.toUpperCase(), `lg-position--${p}`]));
    // The chosen position's digits are drawn in its colour.
    fireEvent.click(within(picker).getByRole('button', { name: 'D' }));
    expect(positionOf(screen.getByRole('button', { name: 'D 7' }).closest('.lg-grid')!)).toBe('lg-position--d');
    const { getByRole } = render(<OutcomeValues game="5d" outcome={[1, 2, 3, 4, 5]} />);
    const balls = [...getByRole('img', { name: 'Digits 1 2 3 4 5' }).querySelectorAll('.digit-ball')];
    expect(balls.map(positionOf)).toEqual(['a', 'b', 'c', 'd', 'e'].map((p) => `lg-position--${p}`));
    // Each class sets its position's token, and the five tokens are five colours.
    const css = read('lottery-games.css');
    const tokens = read('../../../app/tokens.css');
    const colours = ['a', 'b', 'c', 'd', 'e'].map((p) => {
      expect(css).toContain(`.lg-position--${p} { --position-colour: var(--c-position-${p}); }`);
      return new RegExp(`--c-position-${p}:\\s*([^;]+);`).exec(tokens)?.[1];
    });
    expect(colours.every(Boolean)).toBe(true);
    expect(new Set(colours).size).toBe(5);
  });
});

describe('addresses', () => {
  it('builds the verify address with the receipt’s commitment, and reads the :game segment case-insensitively', () => {
    expect(lotteryVerifyHref('k3', '202611250600254')).toBe('/home/AllLotteryGames/VerifyGame?game=k3&period=202611250600254');
    expect(lotteryVerifyHref('5d', '202611250600254', { finalHash: 'ab', roundIndex: 7 })).toBe(
      '/home/AllLotteryGames/VerifyGame?game=5d&period=202611250600254&final=ab&k=7',
    );
    expect(['K3', 'k3', '5D', '5d', 'VerifyGame', 'verifygame', 'Wingo', undefined].map(lotteryScreenOf)).toEqual(['k3', 'k3', '5d', '5d', 'verify', 'verify', null, null]);
  });
});

describe('a settled round', () => {
  const bet = (o: Partial<LotteryBet>): LotteryBet => ({
    id: '1', game: 'k3', roomId: '1m', period: 'p', selection: 'big', amountMinor: 100, quantity: 1, multiplier: 1, totalMinor: 100, feeMinor: 2,
    contractMinor: 98, status: 'pending', payoutMinor: 0, outcome: null, placedAtMs: 0, settledAtMs: null,
    commitment: { chainId: 1, finalHash: 'f', roundIndex: 1 } as LotteryBet['commitment'], locksAtMs: 0, ...o,
  });
  it('waits for every bet of the period, then says won with the sum of payouts', () => {
    expect(lotterySettled('p', [bet({ status: 'won', payoutMinor: 188 }), bet({ id: '2' })])).toBeNull();
    expect(lotterySettled('p', [bet({ status: 'won', payoutMinor: 188, outcome: [6, 6, 1] }), bet({ id: '2', status: 'lost', outcome: [6, 6, 1] })])).toEqual({
      period: 'p', outcome: [6, 6, 1], stakeMinor: 200, payoutMinor: 188, result: 'won',
    });
  });
});

describe('K3 page', () => {
  const { nowMs, round, state } = k3OpenRoom();
  beforeEach(() => {
    signInForTests();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('places a bet on the chosen selection in the shown room and period through the game’s route', async () => {
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
    let balanceMinor = 50_000;
    const api = stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor, currency: 'INR' } } }),
      ['GET /api/lottery/k3/state']: () => ({ body: { data: state } }),
      ['GET /api/lottery/k3/history']: () => ({
        body: { data: { items: [{ game: 'k3', roomId: '1m', period: '202611230700001', status: 'settled', outcome: [2, 4, 6], summary: { sum: 12, size: 'big', parity: 'even' }, drawnAtMs: 0, block: null }], nextCursor: null } },
      }),
      ['GET /api/lottery/k3/my-bets']: () => ({ body: EMPTY_PAGE }),
      ['GET /api/lottery/k3/trend']: () => ({ body: EMPTY_PAGE }),
      ['POST /api/lottery/k3/bets']: ({ body }) => {
        const input = body as PlaceLotteryBetInput;
        balanceMinor -= input.amountMinor * input.quantity * input.multiplier;
        return { body: { data: { bet: { period: input.period }, balanceMinor } } };
      },
    });
    renderLotteryPage("k3");
    expect(await screen.findByText('₹500.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'K3 1 Min' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('30 seconds left');
    // The latest result on the dice stage, named in words.
    expect(await screen.findByRole('img', { name: 'Dice 2, 4, 6, sum 12' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '2 same' }));
    fireEvent.click(screen.getByRole('button', { name: 'Two same 1 1 and 2' }));
    const sheet = await screen.findByRole('dialog', { name: 'Bet on Two same 1 1 and 2' });
    fireEvent.click(within(sheet).getByRole('button', { name: '₹10.00' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹10.00' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lottery/k3/bets')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/lottery/k3/bets')[0]!.body).toMatchObject({
      room: '1m', period: round.period, selection: 'pair:11-2', amountMinor: 1_000, quantity: 1, multiplier: 1,
    });
    await waitFor(() => expect(getResourceData<{ balanceMinor: number }>('balance')?.balanceMinor).toBe(49_000));
  });
});
