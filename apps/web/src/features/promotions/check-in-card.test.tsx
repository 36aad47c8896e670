import { PROMOTION_TERMS_VERSION, type BonusGrant, type CheckInState } from '@colorplay/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { setLocale } from '../../lib/i18n';
import { stubApi } from '../../test/fake-api';
import { signInForTests } from '../../test/render';
import { CheckInCard } from './check-in-card';

const offer = { amountMinor: 5_00, wageringMultiple: 1, validDays: 3, termsVersion: PROMOTION_TERMS_VERSION };
const available: CheckInState = { day: '2026-11-28', state: 'available', reason: null, offer, grant: null };
const grant: BonusGrant = {
  id: 'bon_1',
  source: 'check_in',
  status: 'active',
  amountMinor: 5_00,
  balanceMinor: 5_00,
  wageringMultiple: 1,
  requiredMinor: 5_00,
  wageredMinor: 0,
  termsVersion: PROMOTION_TERMS_VERSION,
  grantedAt: '2026-11-28T06:00:00.000Z',
  expiresAt: '2026-12-01T06:00:00.000Z',
  endedAt: null,
};
const done: CheckInState = { ...available, state: 'done', offer: null, grant };

const renderCard = () =>
  render(
    <AppProviders>
      <CheckInCard />
    </AppProviders>,
  );

describe('CheckInCard', () => {
  afterEach(() => setLocale('en'));

  it('shows the offer with its terms version, checks in with that version, and shows the bonus given', async () => {
    const api = stubApi({
      'GET /api/promotions/check-in': () => ({ body: { data: available } }),
      'POST /api/promotions/check-in': () => ({ body: { data: done } }),
    });
    signInForTests();
    renderCard();
    expect(await screen.findByRole('heading', { level: 2, name: 'Daily check-in' })).toBeTruthy();
    expect(await screen.findByText('Today’s bonus: ₹5.00, to play through 1× within 3 days.')).toBeTruthy();
    expect(screen.getByText(`Terms version ${PROMOTION_TERMS_VERSION}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(/You checked in today: ₹5.00 bonus added/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/promotions/check-in').map((c) => c.body)).toEqual([{ termsVersion: PROMOTION_TERMS_VERSION }]);
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it('says why it is unavailable, in words, without showing the offer; in Hindi too', async () => {
    stubApi({ 'GET /api/promotions/check-in': () => ({ body: { data: { ...available, state: 'unavailable', reason: 'on_break', offer: null } } }) });
    signInForTests();
    renderCard();
    expect(await screen.findByText('Check-in is not available today. Offers are paused while you are on a break.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.queryByText(/Today’s bonus/)).toBeNull();
    await act(() => setLocale('hi'));
    expect(await screen.findByText('आज चेक-इन उपलब्ध नहीं है। ब्रेक के दौरान ऑफ़र रुके हुए हैं।')).toBeTruthy();
  });

  it('after a refusal, reads today’s state again and shows its reason', async () => {
    let reads = 0;
    stubApi({
      'GET /api/promotions/check-in': () => ({ body: { data: ++reads === 1 ? available : { ...available, state: 'unavailable', reason: 'budget_spent', offer: null } } }),
      'POST /api/promotions/check-in': () => ({ status: 409, body: { error: { code: 'CHECK_IN_UNAVAILABLE', message: 'Check-in is not available today', details: { reason: 'budget_spent' } } } }),
    });
    signInForTests();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your check-in did not go through.');
    expect(await screen.findByText(/Today’s check-in bonuses have all been given/)).toBeTruthy();
  });
});
