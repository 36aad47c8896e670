import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, loginHrefFor, returnPathFrom } from './return-to';

describe('return-to', () => {
  it('carries the wanted path and query to /login', () => {
    expect(loginHrefFor('/login', '/wallet/RechargeHistory?status=failed')).toBe(
      '/login?next=%2Fwallet%2FRechargeHistory%3Fstatus%3Dfailed',
    );
    expect(loginHrefFor('/login', '/')).toBe('/login');
  });

  it('returns to a safe path and falls back otherwise', () => {
    expect(returnPathFrom('?next=%2Fwallet', '/main')).toBe('/wallet');
    expect(returnPathFrom('', '/main')).toBe('/main');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'wallet', '/a\u0000b']) {
      expect(isSafeReturnPath(bad)).toBe(false);
      expect(returnPathFrom(`?next=${encodeURIComponent(bad)}`, '/main')).toBe('/main');
    }
  });
});
