import type { WingoFairness } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { API_PATHS } from '@colorplay/contract/paths';
import { beaconRoundTimeMs, chainToHex, deriveDrawDigit, generateChain, QUICKNET } from '@colorplay/fair';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { stubWingoApi } from '../../test/fake-wingo-api';
import { VerifyPage } from './verify-page';

const PERIOD = '202611230300004';
// drand quicknet's real round 1000: its signature verifies under the network's key in the browser.
const SIG = 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39';
const RANDOMNESS = 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd';
const digitOf = async (link: string) => (await deriveDrawDigit(link, 'wingo', PERIOD, RANDOMNESS)).digit;
const flip = (hex: string) => (Number.parseInt(hex[0]!, 16) ^ 1).toString(16) + hex.slice(1);
let chain: { finalHash: string; links: string[] };
let fairness: WingoFairness;

beforeAll(async () => {
  // A real chain of 6 links made with @colorplay/fair, as the server makes a room's chain.
  chain = chainToHex(await generateChain(new Uint8Array(32).fill(7), 6));
  const k = 4;
  const link = chain.links[k - 1]!;
  fairness = {
    roomId: '30s',
    period: PERIOD,
    status: 'settled',
    chainId: 1,
    finalHash: chain.finalHash,
    chainLength: 6,
    roundIndex: k,
    link,
    previousLink: chain.links[k - 2]!,
    digit: await digitOf(link),
    drawnAtMs: 1_790_000_000_000,
    scheme: 2,
    game: 'wingo',
    // Round 1000 is the first strictly after this lock time (margin 0).
    locksAtMs: beaconRoundTimeMs(QUICKNET, 999),
    beacon: { name: 'drand-quicknet', publicKey: QUICKNET.publicKey, genesisMs: QUICKNET.genesisMs, periodMs: QUICKNET.periodMs, marginMs: 0, round: 1000, signature: SIG, randomness: RANDOMNESS },
    void: null,
  };
});

function open(data: WingoFairness, receipt = '') {
  const api = stubWingoApi({ [`GET ${API_PATHS.wingo_fairness}`]: () => ({ body: { data } }) });
  renderWithRouter(<VerifyPage />, `/home/AllLotteryGames/Verify?room=30s&period=${PERIOD}${receipt}`);
  return api;
}

describe('verify screen', () => {
  it('states the conclusion first and the evidence under it (decision 481)', async () => {
    open(fairness);
    const verdict = await screen.findByText(/^Verified: result/, {}, { timeout: 4000 });
    const evidence = screen.getByText(fairness.finalHash);
    const steps = screen.getByRole('heading', { level: 2, name: 'Steps' });
    // The verdict comes before the hashes and the steps in reading order.
    expect(verdict.compareDocumentPosition(evidence) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(verdict.compareDocumentPosition(steps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('recomputes the round in the browser and confirms it, step by step', async () => {
    const api = open(fairness);
    expect(await screen.findByText(`Verified: result ${fairness.digit} is the one the published chain fixed for this round.`, {}, { timeout: 4000 })).toBeTruthy();
    expect(api.callsTo('GET', API_PATHS.wingo_fairness)[0]!.url.searchParams.get('period')).toBe(PERIOD);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a round' })).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      'Published data is well formed: passed',
      'SHA-256(link) equals the previous revealed link: passed',
      'Hashing the link 4 times gives the published final hash: passed',
      "Beacon round 1000: its BLS signature verifies under the chain's public key, and it is the first round after betting closed: passed",
      'The digit follows from HMAC-SHA256(link, game:period:beacon randomness): passed',
    ]);
    expect(screen.getByText(fairness.link!)).toBeTruthy();
    expect(screen.getByText(SIG)).toBeTruthy();
  });

  it('catches a tampered beacon signature and a beacon round that is not the period’s', async () => {
    open({ ...fairness, beacon: { ...fairness.beacon!, signature: flip(SIG) } });
    expect(await screen.findByText(/^Not verified: the beacon signature does not verify/, {}, { timeout: 8000 })).toBeTruthy();
  });

  it('checks the round against the commitment on the bet receipt, and catches a changed one', async () => {
    open(fairness, `&final=${chain.finalHash}&k=4`);
    expect(await screen.findByText(/^Verified: result/, {}, { timeout: 8000 })).toBeTruthy();
  });

  it('fails when the server’s chain differs from the commitment on the receipt', async () => {
    open(fairness, `&final=${flip(chain.finalHash)}&k=4`);
    expect(await screen.findByText('Not verified: the link does not lead to the published final hash.', {}, { timeout: 8000 })).toBeTruthy();
  });

  it('says so when the published digit is not the one the link gives', async () => {
    open({ ...fairness, digit: (fairness.digit! + 1) % 10 });
    expect(await screen.findByText('Not verified: the result does not follow from the link and period.', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('catches a tampered link', async () => {
    open({ ...fairness, link: chain.links[4]! });
    expect(await screen.findByText('Not verified: the revealed link does not hash to the previous link.', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('checks the first round of a chain against the final hash', async () => {
    const first = chain.links[0]!;
    open({ ...fairness, roundIndex: 1, link: first, previousLink: null, digit: await digitOf(first) });
    expect(await screen.findByText(/^Verified: result \d/, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(/SHA-256\(link\) equals the final hash/).textContent).toContain('passed');
  });

  it('checks a locked round’s link against the chain before its result exists, and catches a wrong one', async () => {
    const locked: WingoFairness = { ...fairness, status: 'locked', digit: null, drawnAtMs: null, beacon: { ...fairness.beacon!, signature: null, randomness: null } };
    open(locked);
    expect(await screen.findByText('Verified: this link is the one the published chain committed to for this round. Its result now depends on public data only.', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Not drawn yet')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Published data is well formed: passed',
      'SHA-256(link) equals the previous revealed link: passed',
      'Hashing the link 4 times gives the published final hash: passed',
    ]);
  });

  it('lists the room’s voided rounds with what each would have drawn and paid', async () => {
    const voidsPath = LAZY_API_PATHS.lottery_voids.replace(':game', 'wingo');
    const item = { game: 'wingo', roomId: '30s', period: '202611230300002', reason: 'beacon_unavailable', locksAtMs: 1, voidedAtMs: 2, link: chain.links[1]!, wouldOutcome: [7], bets: 3, stakesMinor: 3_000, wouldPayoutMinor: 5_880 };
    const api = stubWingoApi({
      [`GET ${API_PATHS.wingo_fairness}`]: () => ({ body: { data: fairness } }),
      [`GET ${voidsPath}`]: () => ({ body: { data: { items: [item], nextCursor: null } } }),
    });
    renderWithRouter(<VerifyPage />, `/home/AllLotteryGames/Verify?room=30s&period=${PERIOD}`);
    const heading = await screen.findByRole('heading', { name: 'Voided rounds' });
    expect(heading).toBeTruthy();
    const row = (await screen.findByText('202611230300002')).closest('tr')!;
    expect(row.textContent).toContain('No beacon value for a day');
    expect(row.textContent).toContain('7');
    expect(row.textContent).toMatch(/58\.80/);
    expect(api.callsTo('GET', voidsPath)[0]!.url.searchParams.get('room')).toBe('30s');
  });

  it('asks for a round when the address names none', () => {
    stubWingoApi({});
    renderWithRouter(<VerifyPage />, '/home/AllLotteryGames/Verify');
    expect(screen.getByText('No round given. Open this page from a bet or a game result.')).toBeTruthy();
  });
});
