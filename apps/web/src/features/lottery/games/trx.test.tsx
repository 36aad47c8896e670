import type { LotteryBet, LotteryResult, LotteryRoomState, LotteryTrxFairness, PlaceLotteryBetInput, TronBlockHeader } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { encodeTronRawData, tronAddressOfPublicKey, tronBlockIdOfRaw, trxReadOfId, verifyTrxRound } from '@colorplay/fair';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { MINUTE_ROOMS, roundAt, WINGO_SELECTIONS } from '@colorplay/lottery';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PAGE, stubWingoApi } from '../../../test/fake-wingo-api';
import { renderWithRouter, signInForTests } from '../../../test/render';
import { lotteryScreenOf } from './links';
import { LotteryVerifyPage } from './verify-page';
import { renderLotteryPage } from '../../../test/render-lottery-page';

/**
 * Trx Win's screens (decisions 355-357): Wingo's board and labels on the generic page, the block
 * in the history, verify links without a commitment, and the verify screen recomputing a round
 * from its two TRON headers, failing on any tampering.
 */

const room = MINUTE_ROOMS['1m'];
const nowMs = roundAt(room, Date.UTC(2026, 10, 23, 7, 0, 0)).drawsAtMs - 30_000;
const round = roundAt(room, nowMs);
const PERIOD = '202611230700001';

/** A test producer's key: the headers are signed as TRON's producers sign theirs (decision 385). */
const KEY = sha256(new TextEncoder().encode('web test witness'));
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const header = (number: number, timestamp: number, parentHash: string): TronBlockHeader => {
  const raw_data = { number, timestamp, parentHash, txTrieRoot: 'ab'.repeat(32), witness_address: tronAddressOfPublicKey(secp256k1.getPublicKey(KEY, false)), version: 30 };
  const sig = secp256k1.sign(sha256(encodeTronRawData(raw_data)), KEY);
  return { blockID: tronBlockIdOfRaw(raw_data), raw_data, witness_signature: hex(sig.toCompactRawBytes()) + (sig.recovery === 1 ? '01' : '00') };
};
const LOCK = 1_772_359_201_000; // 1 s past a 3-s slot
const PARENT = header(590_786_400, LOCK - 1_000, '00'.repeat(32));
const BLOCK = header(590_786_401, LOCK + 2_000, PARENT.blockID);
const DIGIT = trxReadOfId(BLOCK.blockID).digit;

const fairness: LotteryTrxFairness = {
  source: 'tron',
  game: 'trx',
  roomId: '1m',
  period: PERIOD,
  status: 'settled',
  network: 'sandbox',
  locksAtMs: LOCK,
  drawsAtMs: LOCK + 5_000,
  drawnAtMs: LOCK + 5_000,
  block: BLOCK,
  parent: PARENT,
  read: { hashHex: trxReadOfId(BLOCK.blockID).hashHex, charIndex: trxReadOfId(BLOCK.blockID).charIndex, fallback: false },
  outcome: [DIGIT],
  summary: { sum: DIGIT, size: DIGIT >= 5 ? 'big' : 'small', parity: DIGIT % 2 ? 'odd' : 'even' },
  void: null,
};

const state: LotteryRoomState = {
  game: 'trx',
  serverTimeMs: nowMs,
  round: { roomId: '1m', period: round.period, phase: 'open', opensAtMs: round.opensAtMs, locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs },
  lastResult: null,
  source: 'tron',
  chain: null,
  betting: {
    selections: [...WINGO_SELECTIONS],
    amountPresetsMinor: [100, 1_000, 10_000, 100_000],
    multipliers: [1, 5, 10, 20, 50, 100],
    feeBasisPoints: 200,
    limits: { minQuantity: 1, maxQuantity: 1000, minBetMinor: 100, maxBetMinor: 10_000_000, maxRoundMinor: 100_000_000 },
  },
};

const result: LotteryResult = {
  game: 'trx',
  roomId: '1m',
  period: PERIOD,
  status: 'settled',
  outcome: [7],
  summary: { sum: 7, size: 'big', parity: 'odd' },
  drawnAtMs: LOCK + 5_000,
  block: { number: BLOCK.raw_data.number, id: BLOCK.blockID, timestampMs: BLOCK.raw_data.timestamp },
};

const settledBet: LotteryBet = {
  id: '9', game: 'trx', roomId: '1m', period: PERIOD, selection: 'green', amountMinor: 1_000, quantity: 1, multiplier: 1, totalMinor: 1_000, feeMinor: 20,
  contractMinor: 980, status: 'won', payoutMinor: 1_960, outcome: [7], placedAtMs: LOCK - 20_000, settledAtMs: LOCK + 5_000, commitment: null, locksAtMs: LOCK,
};

describe('Trx Win page', () => {
  beforeEach(() => {
    signInForTests();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is the TrxWin segment; bets with Wingo’s board and multipliers; shows the block of each result and verify links by period', async () => {
    expect(['TrxWin', 'trxwin'].map(lotteryScreenOf)).toEqual(['trx', 'trx']);
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
    let balanceMinor = 50_000;
    const api = stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor, currency: 'INR' } } }),
      ['GET /api/lottery/trx/state']: () => ({ body: { data: state } }),
      ['GET /api/lottery/trx/history']: () => ({ body: { data: { items: [result], nextCursor: null } } }),
      ['GET /api/lottery/trx/my-bets']: () => ({ body: { data: { items: [settledBet], nextCursor: null } } }),
      ['GET /api/lottery/trx/trend']: () => ({ body: EMPTY_PAGE }),
      ['POST /api/lottery/trx/bets']: ({ body }) => {
        const input = body as PlaceLotteryBetInput;
        balanceMinor -= input.amountMinor * input.quantity * input.multiplier;
        return { body: { data: { bet: { period: input.period }, balanceMinor } } };
      },
    });
    renderLotteryPage("trx");
    expect(await screen.findByRole('heading', { level: 1, name: 'Trx Win' })).toBeTruthy();
    expect(await screen.findByText('₹500.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Trx Win 1 Min' }).getAttribute('aria-pressed')).toBe('true');
    // Wingo's board: the colours, the ten numbers, Big and Small, under Wingo's names.
    for (const name of ['Green', 'Violet', 'Red', 'Big', 'Small', ...Array.from({ length: 10 }, (_, d) => `Number ${d}`)]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    // The latest result: the ball with its colours and size.
    expect((await screen.findAllByRole('img', { name: '7: Green, Big' })).length).toBeGreaterThan(0);
    // At the top, the block it was read from: its height and the end of its hash, the whole hash in
    // the link's name and title, and the link verifies the round.
    const top = screen.getByRole('link', { name: `Block ${BLOCK.raw_data.number} …${BLOCK.blockID.slice(-8)}, hash ${BLOCK.blockID}: verify round ${PERIOD}` });
    // What shows: the height and the end of the hash; the rest of the name is for screen readers.
    expect(within(top).getByText(`Block ${BLOCK.raw_data.number}`)).toBeTruthy();
    expect(within(top).getByText(`…${BLOCK.blockID.slice(-8)}`)).toBeTruthy();
    expect(within(top).getByText(`, hash ${BLOCK.blockID}: verify round ${PERIOD}`).className).toBe('visually-hidden');
    expect(top.getAttribute('title')).toBe(BLOCK.blockID);
    expect(top.getAttribute('href')).toBe(`/home/AllLotteryGames/VerifyGame?game=trx&period=${PERIOD}`);
    // The history names the block the digit was read from.
    const history = screen.getByRole('tabpanel');
    expect(within(history).getByRole('columnheader', { name: 'Block' })).toBeTruthy();
    expect(within(history).getByText(`Block ${BLOCK.raw_data.number}, hash ending ${BLOCK.blockID.slice(-8)}`)).toBeTruthy();
    expect(within(history).getByRole('link', { name: `Verify round ${PERIOD}` }).getAttribute('href')).toBe(`/home/AllLotteryGames/VerifyGame?game=trx&period=${PERIOD}`);

    // A multiplier chip and Green: the bet goes to Trx Win's route with them.
    fireEvent.click(screen.getByRole('button', { name: 'x5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Green' }));
    const sheet = await screen.findByRole('dialog', { name: 'Bet on Green' });
    fireEvent.click(within(sheet).getByRole('button', { name: '₹10.00' }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm ₹50.00' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lottery/trx/bets')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/lottery/trx/bets')[0]!.body).toMatchObject({ room: '1m', period: round.period, selection: 'green', amountMinor: 1_000, quantity: 1, multiplier: 5 });

    // My history: Wingo's selection name, and a verify link by game and period (no commitment).
    fireEvent.click(screen.getByRole('tab', { name: 'My history' }));
    const mine = await screen.findByRole('listitem');
    expect(mine.textContent).toContain('Green · ₹10.00');
    expect(within(mine).getByRole('link', { name: `Verify round ${PERIOD}` }).getAttribute('href')).toBe(`/home/AllLotteryGames/VerifyGame?game=trx&period=${PERIOD}`);
  });

  it('draws the chart as Wingo’s trend lines over the digits, with how often each came', async () => {
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
    const results = [3, 7, 0].map((d, i) => ({ period: `20261123070000${i}`, outcome: [d], summary: { sum: d, size: d >= 5 ? 'big' : 'small', parity: d % 2 ? 'odd' : 'even' } }));
    const positionFrequency = [Array.from({ length: 10 }, (_, d) => (d === 3 || d === 7 || d === 0 ? 1 : 0))];
    stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
      ['GET /api/lottery/trx/state']: () => ({ body: { data: state } }),
      ['GET /api/lottery/trx/history']: () => ({ body: EMPTY_PAGE }),
      ['GET /api/lottery/trx/trend']: () => ({ body: { data: { game: 'trx', roomId: '1m', rounds: 3, results, positionFrequency, big: 1, small: 2, odd: 2, even: 1 } } }),
    });
    renderLotteryPage("trx");
    fireEvent.click(await screen.findByRole('tab', { name: 'Chart' }));
    // Newest first, as Wingo's chart reads.
    expect(await screen.findByRole('img', { name: 'Trend chart of the last 3 results, newest first: 0, 7, 3' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Frequency' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '7' }).nextElementSibling!.textContent).toBe('1');
  });

  it('states the Trx Win rules: the deciding block, the digit rule, and Wingo’s payouts and fee', async () => {
    vi.useFakeTimers({ now: nowMs, toFake: ['Date'] });
    stubWingoApi({
      [`GET ${API_PATHS.get_balance}`]: () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
      ['GET /api/lottery/trx/state']: () => ({ body: { data: state } }),
      ['GET /api/lottery/trx/history']: () => ({ body: EMPTY_PAGE }),
    });
    renderLotteryPage("trx");
    fireEvent.click(await screen.findByRole('button', { name: 'Rules' }));
    const rules = await screen.findByRole('dialog', { name: 'How to play' });
    expect(rules.textContent).toContain('the deciding block is the first block produced after the round locks');
    expect(rules.textContent).toContain('last 0-9 character of the block hash’s last 24 bytes');
    // Rooms that lock at the same moment share the block, so the number (decision 389).
    expect(rules.textContent).toContain('share one deciding block, so those rounds have the same number');
    expect(rules.textContent).toContain('Green: 1, 3, 7, 9 pay x2; 5 pays x1.5.');
    expect(rules.textContent).toContain('A service fee of 2 %');
  });
});

function openVerify(data: LotteryTrxFairness) {
  stubWingoApi({ ['GET /api/lottery/trx/fairness']: () => ({ body: { data } }) });
  renderWithRouter(
    <LotteryVerifyPage
      loadChecker={() => Promise.reject(new Error('not a chain game'))}
      loadLinkChecker={() => Promise.reject(new Error('not a chain game'))}
      loadTrxChecker={async () => verifyTrxRound}
    />,
    `/home/AllLotteryGames/VerifyGame?game=trx&period=${data.period}`,
  );
}

describe('Trx Win verify screen', () => {
  it('recomputes the round from the two headers: every check passes and the digit matches', async () => {
    openVerify(fairness);
    expect(await screen.findByText(`Verified: period ${PERIOD} drew ${DIGIT}.`)).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toHaveLength(6);
    for (const step of steps) expect(step).toMatch(/: passed$/);
    expect(steps[4]).toContain(`Blocks ${BLOCK.raw_data.number} and ${PARENT.raw_data.number} are each signed by their producer`);
    expect(steps[0]).toContain(`Block ${BLOCK.raw_data.number}: its id is its number and the SHA-256 of its header`);
    expect(steps[3]).toContain('it is the deciding block');
    // The explorer's facts: both hashes, and the digit's character marked in the last 24 bytes.
    expect(screen.getByText(BLOCK.blockID)).toBeTruthy();
    expect(screen.getAllByText(PARENT.blockID).length).toBeGreaterThan(0);
    expect(screen.getByText('Local sandbox chain in TRON’s block format (not on TRON’s explorers)')).toBeTruthy();
    expect(document.querySelector('mark')?.textContent).toBe(String(DIGIT));
    // A sandbox round links to no explorer and says why it proves nothing.
    expect(screen.queryByRole('link', { name: /on Tronscan/ })).toBeNull();
    expect(screen.getByText(/A sandbox round: its blocks are signed by this server’s own sandbox producer/)).toBeTruthy();
  });

  it('a real-network round links both blocks to Tronscan, where the producer and ids are checked', async () => {
    openVerify({ ...fairness, network: 'tron' });
    expect(await screen.findByText(`Verified: period ${PERIOD} drew ${DIGIT}.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: `Block ${BLOCK.raw_data.number} on Tronscan` }).getAttribute('href')).toBe(`https://tronscan.org/#/block/${BLOCK.raw_data.number}`);
    expect(screen.getByRole('link', { name: `Block ${PARENT.raw_data.number} on Tronscan` }).getAttribute('href')).toBe(`https://tronscan.org/#/block/${PARENT.raw_data.number}`);
    expect(screen.getByText(/you check on the public explorer: the ids there must be the ones above/)).toBeTruthy();
  });

  it('a block without its producer’s signature, or signed by another key, fails the signature check', async () => {
    const { witness_signature: _dropped, ...unsigned } = BLOCK;
    openVerify({ ...fairness, block: unsigned });
    expect(await screen.findByText('Not verified: a block is not signed by its producer.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')[4]!.textContent).toMatch(/: failed$/);
  });

  it('a parent signed by a key its witness did not delegate to fails too', async () => {
    openVerify({ ...fairness, parent: { ...PARENT, witness_signature: BLOCK.witness_signature! } });
    expect(await screen.findByText('Not verified: a block is not signed by its producer.')).toBeTruthy();
  });

  it('a tampered record fails: a changed result', async () => {
    openVerify({ ...fairness, outcome: [(DIGIT + 1) % 10] });
    expect(await screen.findByText('Not verified: the published result is not the number read from the block hash.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').at(-1)!.textContent).toMatch(/: failed$/);
  });

  it('a block whose header was changed after its id was computed fails its id check', async () => {
    openVerify({ ...fairness, block: { ...BLOCK, raw_data: { ...BLOCK.raw_data, timestamp: BLOCK.raw_data.timestamp + 1 } } });
    expect(await screen.findByText('Not verified: the deciding block’s id is not the hash of its header.')).toBeTruthy();
  });

  it('a lock time moved by one block slot names another block: the timing check fails', async () => {
    openVerify({ ...fairness, locksAtMs: LOCK + 3_000 });
    expect(await screen.findByText('Not verified: this block is not the first one after the lock time.')).toBeTruthy();
  });

  it('an open round shows its lock time and that the deciding block is not produced yet; a voided one its reason', async () => {
    openVerify({ ...fairness, status: 'open', block: null, parent: null, read: null, outcome: null, summary: null, drawnAtMs: null });
    expect(await screen.findByText(/The deciding block is the first TRON block after that moment and has not been produced yet/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Betting closes at 2026-03-01');
  });

  it('a voided round shows why', async () => {
    openVerify({ ...fairness, status: 'voided', block: null, parent: null, read: null, outcome: null, summary: null, void: { reason: 'tron_unavailable', wouldOutcome: null, bets: 2, stakesMinor: 2_000, wouldPayoutMinor: null } });
    expect(await screen.findByText('This round was voided and every stake refunded: the TRON blocks could not be read in time.')).toBeTruthy();
  });
});
