import type { PlayerAnnouncement } from '@colorplay/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { stubApi } from '../../test/fake-api';
import { renderApp, signInForTests } from '../../test/render';

const announcement = (over: Partial<PlayerAnnouncement> = {}): PlayerAnnouncement => ({
  id: 'ann_1',
  kind: 'service',
  title: { en: 'Maintenance tonight', hi: 'आज रात रखरखाव' },
  body: { en: 'Deposits pause from 02:00 to 03:00 IST.', hi: 'रिचार्ज 02:00 से 03:00 IST तक रुके रहेंगे।' },
  startsAt: '2026-07-01T06:00:00.000Z',
  endsAt: '2026-07-02T06:00:00.000Z',
  read: false,
  ...over,
});

describe('the announcement line on home', () => {
  afterEach(() => setLocale('en'));

  it('shows the unread announcement in the language the player reads, links to the inbox, and goes once read', async () => {
    const api = stubApi({
      'GET /api/announcements': () => ({ body: { data: { items: [announcement()] } } }),
      'POST /api/announcements/ann_1/read': () => ({ body: { data: { read: true } } }),
    });
    signInForTests();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Colorplay' }, { timeout: 15_000 });
    const line = await screen.findByRole('region', { name: 'Announcement' });
    expect(within(line).getByRole('link').textContent).toBe('Maintenance tonight Deposits pause from 02:00 to 03:00 IST.');
    expect(within(line).getByRole('link').getAttribute('href')).toBe('/home/Messages');
    await act(() => setLocale('hi'));
    expect(within(screen.getByRole('region', { name: 'सूचना' })).getByRole('link').textContent).toBe('आज रात रखरखाव रिचार्ज 02:00 से 03:00 IST तक रुके रहेंगे।');
    fireEvent.click(screen.getByRole('button', { name: 'सूचना को पढ़ा हुआ मार्क करें' }));
    expect(screen.queryByRole('region', { name: 'सूचना' })).toBeNull();
    await expect.poll(() => api.callsTo('POST', '/api/announcements/ann_1/read').length).toBe(1);
  });

  it('shows nothing when every announcement is read, and nothing to a guest', async () => {
    stubApi({ 'GET /api/announcements': () => ({ body: { data: { items: [announcement({ read: true })] } } }) });
    signInForTests();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Colorplay' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });
});
