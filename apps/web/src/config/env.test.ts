import { describe, expect, it } from 'vitest';
import { DEV_API_BASE_URL, env, resolveApiBaseUrl } from './env';

function at(url: string) {
  const { protocol, hostname, origin } = new URL(url);
  return { protocol, hostname, origin };
}

describe('API base rule (product-spec section 7)', () => {
  it.each([
    ['https://play.colorplay.example/wallet', 'https://play.colorplay.example'],
    ['https://localhost:5173/', 'https://localhost:5173'],
    ['http://127.0.0.1:3102/', 'http://127.0.0.1:3102'],
    ['http://192.168.1.20:5173/main', 'http://192.168.1.20:5173'],
    ['http://colorplay.test/', 'http://colorplay.test'],
  ])('uses the page origin for %s', (url, expected) => {
    expect(resolveApiBaseUrl(at(url))).toBe(expected);
  });

  it.each(['http://localhost:5173/', 'http://localhost/', 'http://localhost:3002/wallet'])(
    'uses the development API for plain http on localhost (%s)',
    (url) => {
      expect(resolveApiBaseUrl(at(url))).toBe('http://localhost:3002');
    },
  );

  it('reads the current page location', () => {
    // jsdom's default page is http://localhost:3000/.
    expect(env.apiBaseUrl).toBe(DEV_API_BASE_URL);
  });
});
