import type { LotteryChainFairness } from '@colorplay/contract';
import { chainToHex, generateChain, QUICKNET } from '@colorplay/fair';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubWingoApi } from '../../../test/fake-wingo-api';
import { renderWithRouter } from '../../../test/render';
import { verifyLockedLink } from '../verify-page';
import { LotteryVerifyPage } from './verify-page';

/**
 * K3's and 5D's verify screen for a locked round (decisions 380, 436): the link is public before
 * the result, and the browser checks it against the chain with Wingo's own function.
 */

const PERIOD = '202611230300004';
const flip = (hex: string) => (Number.parseInt(hex[0]!, 16) ^ 1).toString(16) + hex.slice(1);
let locked: LotteryChainFairness;

beforeAll(async () => {
  // A real chain of 6 links made with @colorplay/fair, as the server makes a room's chain.
  const chain = chainToHex(await generateChain(new Uint8Array(32).fill(9), 6));
  const k = 4;
  locked = {
    source: 'chain',
    game: 'k3',
    roomId: '1m',
    period: PERIOD,
    status: 'locked',
    chainId: 1,
    finalHash: chain.finalHash,
    chainLength: 6,
    roundIndex: k,
    link: chain.links[k - 1]!,
    previousLink: chain.links[k - 2]!,
    outcome: null,
    summary: null,
    draw: { count: 3, min: 1, max: 6 },
    drawnAtMs: null,
    scheme: 2,
    locksAtMs: 1_790_000_000_000,
    beacon: { name: 'drand-quicknet', publicKey: QUICKNET.publicKey, genesisMs: QUICKNET.genesisMs, periodMs: QUICKNET.periodMs, marginMs: 0, round: 1000, signature: null, randomness: null },
    void: null,
  };
});

function openVerify(data: LotteryChainFairness) {
  stubWingoApi({ [`GET /api/lottery/${data.game}/fairness`]: () => ({ body: { data } }) });
  renderWithRouter(
    <LotteryVerifyPage
      loadChecker={() => Promise.reject(new Error('a locked round has no result to check'))}
      loadLinkChecker={async () => verifyLockedLink}
      loadTrxChecker={() => Promise.reject(new Error('not a Trx Win round'))}
    />,
    `/home/AllLotteryGames/VerifyGame?game=${data.game}&period=${data.period}`,
  );
}

describe('K3/5D verify screen: a locked round', () => {
  it('checks the published link against the chain before the result exists', async () => {
    openVerify(locked);
    expect(await screen.findByText('Verified: this link is the one the published chain committed to for this round. Its result now depends on public data only.', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Not drawn yet')).toBeTruthy();
    expect(screen.getByText(/beacon round 1000/)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Published data is well formed: passed',
      'SHA-256(link) equals the previous revealed link: passed',
      'Hashing the link 4 times gives the published final hash: passed',
    ]);
  });

  it('fails a tampered link (5D)', async () => {
    openVerify({ ...locked, game: '5d', draw: { count: 5, min: 0, max: 9 }, link: flip(locked.link!) });
    expect(await screen.findByText('Not verified: the revealed link does not hash to the previous link.', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(/^Verified/)).toBeNull();
  });
});
