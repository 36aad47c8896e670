import { PROMOTION_TERMS_VERSION, type BonusGrant, type PromotionStatus } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fake-api';
import { renderApp, signInForTests, skipSplash } from '../../test/render';

const OPEN: PromotionStatus = { offersPaused: false, reason: null, until: null, termsVersion: PROMOTION_TERMS_VERSION, acceptedTermsVersion: null };

function bonus(over: Partial<BonusGrant> = {}): BonusGrant {
  return {
    id: 'bon_active',
    source: 'gift_code',
    status: 'active',
    amountMinor: 100_00,
    balanceMinor: 100_00,
    wageringMultiple: 5,
    requiredMinor: 500_00,
    wageredMinor: 120_00,
    termsVersion: PROMOTION_TERMS_VERSION,
    grantedAt: '2026-11-20T04:00:00.000Z',
    expiresAt: '2026-11-27T04:00:00.000Z',
    endedAt: null,
    ...over,
  };
}

function stub(status: PromotionStatus, items: BonusGrant[] = [], redeem?: Parameters<typeof stubApi>[0][string]) {
  return stubApi({
    [`GET ${LAZY_API_PATHS.promotions_status}`]: () => ({ body: { data: status } }),
    [`GET ${LAZY_API_PATHS.player_bonuses}`]: () => ({ body: { data: { items } } }),
    ...(redeem ? { [`POST ${LAZY_API_PATHS.promotions_redeem}`]: redeem } : {}),
  });
}

const OTHER_OFFERS = {
  [`GET ${LAZY_API_PATHS.promotions_check_in}`]: () => ({
    body: { data: { day: '2026-11-29', state: 'available', reason: null, offer: { amountMinor: 5_00, wageringMultiple: 1, validDays: 3, termsVersion: PROMOTION_TERMS_VERSION }, grant: null } },
  }),
  [`GET ${LAZY_API_PATHS.player_invites}`]: () => ({
    body: {
      data: {
        code: '12345678',
        currency: 'INR',
        linkPath: '/register?invite=12345678',
        joined: 0,
        qualified: 0,
        rewarded: 0,
        cap: { rewards: 5, periodDays: 30, usedInPeriod: 0 },
        terms: { rewardMinor: 50_00, wageringMultiple: 3, validDays: 7, minPlayMinor: 200_00 },
        friends: [],
      },
    },
  }),
  [`GET ${LAZY_API_PATHS.player_first_deposit}`]: () => ({
    body: {
      data: {
        offer: { id: 1, percent: 20, capMinor: 200_00, wageringMultiple: 5, bonusValidDays: 7, termsVersion: PROMOTION_TERMS_VERSION, expiresAt: '2026-12-31T00:00:00.000Z' },
        unavailableReason: null,
        claim: null,
      },
    },
  }),
};

const giftForm = () => screen.queryByRole('form', { name: 'Redeem a gift code' });

describe('the Activity page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('shows an active bonus first with its progress in rupees, balance, expiry and terms, then how the others ended', async () => {
    stub(OPEN, [
      bonus(),
      bonus({ id: 'bon_conv', status: 'converted', balanceMinor: 0, wageredMinor: 500_00, endedAt: '2026-11-10T06:00:00.000Z' }),
      bonus({ id: 'bon_forf', status: 'forfeited', amountMinor: 50_00, balanceMinor: 0, endedAt: '2026-11-05T06:00:00.000Z' }),
      bonus({ id: 'bon_exp', source: 'check_in', status: 'expired', amountMinor: 20_00, balanceMinor: 0, endedAt: '2026-11-01T06:00:00.000Z' }),
    ]);
    renderApp('/activity');
    const bar = await screen.findByRole('progressbar', { name: 'Wagering of the ₹100.00 bonus' });
    expect(bar.getAttribute('aria-valuetext')).toBe('₹120.00 of ₹500.00 wagered');
    expect(bar.getAttribute('aria-valuenow')).toBe('12000');
    expect(bar.getAttribute('aria-valuemax')).toBe('50000');
    const card = screen.getByRole('article', { name: 'Gift code bonus' });
    const fact = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(within(card).getByText('₹120.00 of ₹500.00 wagered')).toBeTruthy();
    expect(fact('Bonus balance')).toBe('₹100.00');
    expect(fact('Expires')).toBe('27 Nov 2026');
    expect(fact('Terms accepted')).toBe(`version ${PROMOTION_TERMS_VERSION}`);
    const ended = screen.getByRole('list', { name: 'Ended bonuses' });
    expect(within(ended).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Gift code bonus · ₹100.00Converted to cash on 10 Nov 2026',
      'Gift code bonus · ₹50.00Forfeited on 5 Nov 2026',
      'Check-in bonus · ₹20.00Expired on 1 Nov 2026',
    ]);
  });

  it('on a break: says offers are paused and until when, shows no offer and no gift-code form, keeps the active bonus', async () => {
    stub({ ...OPEN, offersPaused: true, reason: 'on_break', until: '2026-12-03T10:00:00.000Z' }, [bonus()]);
    renderApp('/activity');
    const notice = await screen.findByRole('region', { name: 'Offers are paused' });
    expect(within(notice).getByText('You are on a break until 3 Dec 2026. No offer reaches you until it ends.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Wagering of the ₹100.00 bonus' })).toBeTruthy();
    expect(giftForm()).toBeNull();
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Gift code' })).toBeNull();
  });

  it.each([
    [{ reason: 'self_excluded' as const, until: '2027-05-23T10:00:00.000Z' }, 'You have excluded yourself from play until 23 May 2027. No offer reaches you.'],
    [{ reason: 'limit_hit_recently' as const, until: '2026-12-23T10:00:00.000Z' }, 'One of your limits stopped a deposit or bet in the last 30 days. Offers come back on 23 Dec 2026.'],
    [{ reason: 'account_suspended' as const, until: null }, 'Your account is suspended. No offer reaches you while it is.'],
    [{ reason: 'account_closed' as const, until: null }, 'Your account is closed.'],
  ])('says why offers are paused (%o) in one sentence', async (why, sentence) => {
    stub({ ...OPEN, offersPaused: true, ...why });
    renderApp('/activity');
    const notice = await screen.findByRole('region', { name: 'Offers are paused' });
    expect(within(notice).getByText(sentence)).toBeTruthy();
    expect(giftForm()).toBeNull();
  });

  it('without marketing consent: says offers need it, with a link to the account page', async () => {
    stub({ ...OPEN, offersPaused: true, reason: 'no_marketing_consent' });
    renderApp('/activity');
    const notice = await screen.findByRole('region', { name: 'Offers are paused' });
    expect(within(notice).getByText('Offers need your marketing consent, which is off. You can give it on the account page.')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Go to the account page' }).getAttribute('href')).toBe('/main');
    expect(giftForm()).toBeNull();
    expect(await screen.findByText('You have no bonus yet.')).toBeTruthy();
  });

  it('redeems a gift code only once the terms (shown first) are accepted, never pre-checked, under their version', async () => {
    const api = stub(OPEN, [], () => ({ body: { data: bonus() } }));
    renderApp('/activity');
    const form = await screen.findByRole('form', { name: 'Redeem a gift code' });
    const terms = screen.getByRole('region', { name: `Bonus terms (version ${PROMOTION_TERMS_VERSION})` });
    for (const point of ['at most 5 times', 'used first', 'expiry date', 'forfeits the bonus', 'One bonus at a time']) {
      expect(within(terms).getByText(new RegExp(point))).toBeTruthy();
    }
    const accept = within(form).getByRole('checkbox', { name: `I accept the bonus terms (version ${PROMOTION_TERMS_VERSION})` }) as HTMLInputElement;
    expect(accept.checked).toBe(false);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Gift code' }), { target: { value: ' diwali2026 ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await within(form).findByText('Read and accept the bonus terms first.')).toBeTruthy();
    expect(api.callsTo('POST', LAZY_API_PATHS.promotions_redeem)).toHaveLength(0);

    fireEvent.click(accept);
    fireEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Bonus of ₹100.00 added. Play ₹500.00 to turn it into cash.')).toBeTruthy();
    expect(api.callsTo('POST', LAZY_API_PATHS.promotions_redeem).map((c) => c.body)).toEqual([{ code: ' diwali2026 ', termsVersion: PROMOTION_TERMS_VERSION }]);
    // The page reads the bonuses again: the new one shows with its progress.
    await waitFor(() => expect(api.callsTo('GET', LAZY_API_PATHS.player_bonuses).length).toBeGreaterThan(1));
  });

  it.each([
    ['PROMOTION_NOT_ELIGIBLE', 403, 'Offers are paused for you now, so this code cannot be redeemed.'],
    ['PROMOTION_TERMS_OUTDATED', 409, 'The bonus terms have just changed. Read the new version, then accept it again.'],
    ['BONUS_ALREADY_ACTIVE', 409, 'You already have a bonus in play. Finish it or let it end before adding another.'],
    ['GIFT_CODE_NOT_FOUND', 404, 'No gift code has this text. Check it and try again.'],
    ['GIFT_CODE_UNAVAILABLE', 409, 'This gift code can no longer be redeemed.'],
    ['GIFT_CODE_CAP_REACHED', 409, 'You have already redeemed this gift code.'],
  ])('says the refusal %s in words', async (code, status, words) => {
    stub(OPEN, [], () => ({ status, body: { error: { code, message: 'refused' } } }));
    renderApp('/activity');
    const form = await screen.findByRole('form', { name: 'Redeem a gift code' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Gift code' }), { target: { value: 'WELCOME1' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Redeem' }));
    expect(await within(form).findByText(words)).toBeTruthy();
  });

  it('says when the terms changed since the player last accepted them', async () => {
    stub({ ...OPEN, acceptedTermsVersion: '2026-10-1' });
    renderApp('/activity');
    expect(await screen.findByText('The terms changed since your last bonus (you accepted version 2026-10-1). Read them before accepting.')).toBeTruthy();
  });

  it('mounts every offer when offers are open (first deposit first, check-in, gift code, invites) and the VIP link', async () => {
    stubApi({
      [`GET ${LAZY_API_PATHS.promotions_status}`]: () => ({ body: { data: OPEN } }),
      [`GET ${LAZY_API_PATHS.player_bonuses}`]: () => ({ body: { data: { items: [] } } }),
      ...OTHER_OFFERS,
    });
    renderApp('/activity');
    const offers = await screen.findByRole('region', { name: 'Offers' });
    const firstDeposit = await within(offers).findByRole('article', { name: 'First-deposit bonus' });
    expect(within(firstDeposit).getByText('20% bonus up to ₹200.00, wager 5× within 7 days')).toBeTruthy();
    expect(within(firstDeposit).getByRole('link', { name: 'Recharge to choose it' }).getAttribute('href')).toBe('/wallet/Recharge');
    expect(await within(offers).findByRole('button', { name: 'Check in' })).toBeTruthy();
    expect(await within(offers).findByRole('region', { name: 'Invite a friend' })).toBeTruthy();
    expect(within(offers).getByRole('form', { name: 'Redeem a gift code' })).toBeTruthy();
    // In that order: the first-deposit offer, then check-in, the gift code, the invites.
    const headings = within(offers).getAllByRole('heading').map((h) => h.textContent);
    expect(headings.indexOf('First-deposit bonus')).toBeLessThan(headings.indexOf('Daily check-in'));
    expect(headings.indexOf('Daily check-in')).toBeLessThan(headings.indexOf('Invite a friend'));
    expect(screen.getByRole('link', { name: 'See VIP levels' }).getAttribute('href')).toBe('/activity/vip');
  });

  it('when offers are paused: none of the offers, the VIP link still, and no pointer to bonuses when there is none', async () => {
    stubApi({
      [`GET ${LAZY_API_PATHS.promotions_status}`]: () => ({ body: { data: { ...OPEN, offersPaused: true, reason: 'on_break', until: '2026-12-03T00:00:00.000Z' } } }),
      [`GET ${LAZY_API_PATHS.player_bonuses}`]: () => ({ body: { data: { items: [] } } }),
      ...OTHER_OFFERS,
    });
    renderApp('/activity');
    expect(await screen.findByRole('link', { name: 'See VIP levels' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Offers are paused' })).toBeTruthy();
    for (const name of ['First-deposit bonus', 'Daily check-in', 'Invite a friend']) expect(screen.queryByRole('heading', { name })).toBeNull();
    expect(giftForm()).toBeNull();
    expect(screen.queryByText('Your active bonuses are still shown above.')).toBeNull();
  });
});
