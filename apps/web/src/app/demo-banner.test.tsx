import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetRuntimeConfig, loadRuntimeConfig } from '../lib/runtime-config';
import { stubApi } from '../test/fake-api';
import { renderApp, skipSplash } from '../test/render';

beforeEach(() => {
  skipSplash();
  forgetRuntimeConfig();
});
afterEach(() => forgetRuntimeConfig());

const config = (demo: boolean) => () => ({ body: { data: { demo, sandbox: { sms: true, upi: true, demoVendor: true } } } });

describe('demo banner', () => {
  it('shows "Demo: no real money" on every page when the server runs in demo mode', async () => {
    const api = stubApi({ 'GET /api/config': config(true) });
    await loadRuntimeConfig();
    const first = renderApp('/login');
    expect((await screen.findByText('Demo: no real money')).getAttribute('role')).toBe('status');
    first.unmount();
    renderApp('/register');
    expect((await screen.findByText('Demo: no real money')).getAttribute('role')).toBe('status');
    // Asked once at start, not per page.
    expect(api.callsTo('GET', '/api/config')).toHaveLength(1);
  });

  it('shows nothing outside demo mode or when the server cannot say', async () => {
    stubApi({ 'GET /api/config': config(false) });
    await loadRuntimeConfig();
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Demo: no real money')).toBeNull());

    forgetRuntimeConfig();
    stubApi({});
    expect(await loadRuntimeConfig()).toBeNull();
  });
});
