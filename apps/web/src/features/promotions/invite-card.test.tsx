import type { InviteSummary } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { setLocale } from '../../lib/i18n';
import { stubApi } from '../../test/fake-api';
import { signInForTests } from '../../test/render';
import { InviteCard } from './invite-card';

const INVITES = LAZY_API_PATHS.player_invites;
const summary = (o: Partial<InviteSummary> = {}): InviteSummary => ({
  code: '48213907',
  currency: 'INR',
  linkPath: '/register?invite=48213907',
  joined: 3,
  qualified: 2,
  rewarded: 1,
  cap: { rewards: 5, periodDays: 30, usedInPeriod: 1 },
  terms: { rewardMinor: 50_00, wageringMultiple: 3, validDays: 7, minPlayMinor: 200_00 },
  friends: [
    { nickname: 'Player4242', phoneEnding: '42', joinedAt: '2026-11-24T04:30:00.000Z', step: 'played', outcome: 'pending', reason: 'bonus_active' },
    { nickname: 'Player1717', phoneEnding: '17', joinedAt: '2026-11-23T04:30:00.000Z', step: 'rewarded', outcome: 'rewarded', reason: null },
    { nickname: 'Player9090', phoneEnding: '90', joinedAt: '2026-11-22T04:30:00.000Z', step: 'joined', outcome: 'pending', reason: null },
  ],
  ...o,
});

function renderCard() {
  signInForTests();
  render(
    <AppProviders>
      <InviteCard />
    </AppProviders>,
  );
}

describe('Invite a friend card', () => {
  afterEach(() => setLocale('en'));

  it('shows the code with its copy button, the link, the terms and cap as the server states them, and each friend with their step', async () => {
    const api = stubApi({ [`GET ${INVITES}`]: () => ({ body: { data: summary() } }) });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Invite a friend' });
    expect(await within(card).findByText('48213907')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy invite code' })).toBeTruthy();
    expect(within(card).getByText(`${window.location.origin}/register?invite=48213907`)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy invite link' })).toBeTruthy();
    expect(within(card).getByText(/You get a ₹50\.00 bonus \(wager it 3× within 7 days\).*stakes ₹200\.00/)).toBeTruthy();
    expect(within(card).getByText('At most 5 rewards in any 30 days: 1 so far.')).toBeTruthy();
    expect(within(card).getByText('Joined: 3 · Qualified: 2 · Rewarded: 1')).toBeTruthy();
    const table = within(card).getByRole('table', { name: 'Your friends' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Friend', 'Joined', 'Step', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [within(r).getByRole('rowheader').textContent, ...within(r).getAllByRole('cell').slice(1).map((c) => c.textContent)])).toEqual([
      ['Player4242 (phone ending 42)', 'Played', 'In progress: waiting for your current bonus to end'],
      ['Player1717 (phone ending 17)', 'Rewarded', 'Bonus granted'],
      ['Player9090 (phone ending 90)', 'Joined', 'In progress'],
    ]);
    expect(api.callsTo('GET', INVITES)).toHaveLength(1);

    await act(() => setLocale('hi'));
    expect(await screen.findByRole('region', { name: 'दोस्त को बुलाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'इनवाइट कोड कॉपी करें' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'आपके दोस्त' })).toBeTruthy();
  });

  it('says when no friend has joined yet', async () => {
    stubApi({ [`GET ${INVITES}`]: () => ({ body: { data: summary({ joined: 0, qualified: 0, rewarded: 0, friends: [] }) } }) });
    renderCard();
    expect(await screen.findByText('No friend has joined with your code yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
