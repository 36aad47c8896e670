import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies, getCookie, removeCookie, setCookie } from './cookies';

const NOW = new Date('2026-11-22T10:00:00Z').getTime();
const MINUTE_MS = 60_000;

function rawCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

describe('cookies', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('stores value|expiry URI-encoded, with the default lifetime of 1000 minutes', () => {
    setCookie('voiceDisabled', 'true');
    expect(rawCookie('voiceDisabled')).toBe(encodeURIComponent(`true|${NOW + 1000 * MINUTE_MS}`));
    expect(getCookie('voiceDisabled')).toBe('true');
  });

  it('uses the lifetime it is given', () => {
    setCookie('is_splash_screen_shown', 'true', 300);
    expect(rawCookie('is_splash_screen_shown')).toBe(encodeURIComponent(`true|${NOW + 300 * MINUTE_MS}`));
  });

  it('reads the value until the expiry and null after it', () => {
    vi.setSystemTime(NOW + 250);
    setCookie('a', 'x', 10);
    vi.setSystemTime(NOW + 250 + 10 * MINUTE_MS - 1);
    expect(getCookie('a')).toBe('x');
    vi.setSystemTime(NOW + 250 + 10 * MINUTE_MS);
    expect(getCookie('a')).toBe('x');
    vi.setSystemTime(NOW + 250 + 10 * MINUTE_MS + 1);
    expect(getCookie('a')).toBeNull();
  });

  it('removes a cookie whose embedded expiry has passed', () => {
    // Written by hand without a browser expiry, so only our own check can expire it.
    document.cookie = `old=${encodeURIComponent(`v|${NOW - 1}`)}; path=/`;
    expect(rawCookie('old')).toBeDefined();
    expect(getCookie('old')).toBeNull();
    expect(rawCookie('old')).toBeUndefined();
  });

  it('reads a plain value without | as it is', () => {
    document.cookie = 'plain=hello; path=/';
    expect(getCookie('plain')).toBe('hello');
  });

  it('keeps a | inside the value and reads a non-numeric suffix as part of the value', () => {
    setCookie('pipes', 'a|b', 5);
    expect(getCookie('pipes')).toBe('a|b');
    document.cookie = `odd=${encodeURIComponent('a|b')}; path=/`;
    expect(getCookie('odd')).toBe('a|b');
  });

  it('round-trips characters that need encoding', () => {
    setCookie('text', 'a b;c=d,é');
    expect(getCookie('text')).toBe('a b;c=d,é');
  });

  it('returns null for an absent cookie and does not confuse names sharing a prefix', () => {
    setCookie('voiceDisabledOld', 'x');
    expect(getCookie('voiceDisabled')).toBeNull();
  });

  it('removes a cookie', () => {
    setCookie('gone', 'x');
    removeCookie('gone');
    expect(getCookie('gone')).toBeNull();
  });

  it('offers the same functions as one object', () => {
    cookies.set('o', '1', 1);
    expect(cookies.get('o')).toBe('1');
    cookies.remove('o');
    expect(cookies.get('o')).toBeNull();
  });
});
