import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoneyMinor } from './format';
import { setLocale, storedLocale, t, useI18n, type MessageKey, type Translate } from './i18n';
import { defineArea } from './i18n-areas';

function Greeting() {
  const { t: tr, locale } = useI18n();
  return (
    <p>
      {locale}: {tr('carousel.slideOf', { n: 2, total: 3 })}
    </p>
  );
}

describe('i18n', () => {
  it('translates a key from the English dictionary', () => {
    expect(t('splash.tagline')).toBe('Withdraw fast, safe and stable.');
  });

  it('fills in {name} parameters, numbers included', () => {
    expect(t('carousel.slide', { n: 3 })).toBe('Slide 3');
    expect(t('carousel.slideOf', { n: 1, total: 3 })).toBe('1 of 3');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(t('carousel.slideOf', { n: 1 } as { n: number; total: number })).toBe('1 of {total}');
  });

  it('works through the hook without a provider', () => {
    render(<Greeting />);
    expect(screen.getByText('en: 2 of 3')).toBeTruthy();
  });

  it('type-checks keys and parameters', () => {
    const tr: Translate = t;
    expect(tr('nav.home')).toBe('Home');
    // @ts-expect-error an unknown key is a compile error
    tr('nav.nope');
    // @ts-expect-error a message with placeholders needs its parameters
    tr('carousel.slide');
    // @ts-expect-error a message without placeholders takes none
    tr('nav.home', { n: 1 });
  });

  it('picks plural forms with Intl.PluralRules on `count`', () => {
    const key = 'test.plural' as MessageKey;
    defineArea('test-plural', { [key]: { one: '{count} bet', other: '{count} bets' } }, { hi: async () => ({ [key]: { one: '{count} बेट', other: '{count} बेट्स' } }) });
    const tr = t as (key: MessageKey, params: Record<string, number>) => string;
    expect(tr(key, { count: 1 })).toBe('1 bet');
    expect(tr(key, { count: 0 })).toBe('0 bets');
    expect(tr(key, { count: 7 })).toBe('7 bets');
    const rules = new Intl.PluralRules('hi-IN');
    // Hindi's "one" covers 0 and 1: the dictionary's forms follow the locale's rules, not English's.
    expect([rules.select(0), rules.select(1), rules.select(2)]).toEqual(['one', 'one', 'other']);
  });

  it('takes the texts of an area once its module declares them, without editing another dictionary', () => {
    const key = 'test.lazy.greeting' as MessageKey;
    expect(t(key as 'nav.home')).toBe(key);
    defineArea('test-area', { [key]: 'Hello {name}' }, { hi: async () => ({ [key]: 'नमस्ते {name}' }) });
    expect((t as (k: MessageKey, p: object) => string)(key, { name: 'Asha' })).toBe('Hello Asha');
  });

  it('switches to Hindi: loads the dictionaries first, re-renders, sets <html lang>, remembers it, formats in hi-IN', async () => {
    render(<Greeting />);
    await act(() => setLocale('hi'));
    expect(document.documentElement.lang).toBe('hi');
    expect(screen.getByText('hi: 3 में से 2')).toBeTruthy();
    expect(t('nav.wallet')).toBe('वॉलेट');
    expect(localStorage.getItem('colorplay.locale')).toBe('hi');
    expect(storedLocale()).toBe('hi');
    // Indian digit grouping for money in Hindi, and in English too (one money format, decision 474).
    expect(formatMoneyMinor(12345678_00)).toBe('₹1,23,45,678.00');
    await act(() => setLocale('en'));
    expect(screen.getByText('en: 2 of 3')).toBeTruthy();
    expect(formatMoneyMinor(12345678_00)).toBe('₹1,23,45,678.00');
    expect(document.documentElement.lang).toBe('en');
  });

  it('loads an area declared while Hindi is on, and shows English until it arrives', async () => {
    await setLocale('hi');
    const key = 'test.late' as MessageKey;
    let resolve!: (d: Record<string, string>) => void;
    defineArea('test-late', { [key]: 'Late' }, { hi: () => new Promise((r) => (resolve = r)) });
    expect(t(key as 'nav.home')).toBe('Late');
    resolve({ [key]: 'देर से' });
    await new Promise((r) => setTimeout(r, 0));
    expect(t(key as 'nav.home')).toBe('देर से');
    await setLocale('en');
  });

  it('loads an area declared while the switch to Hindi is under way (a lazy chunk arriving at start)', async () => {
    const key = 'test.during' as MessageKey;
    let openGate!: (d: Record<string, string>) => void;
    defineArea('test-gate', {}, { hi: () => new Promise((r) => (openGate = r)) });
    const switching = setLocale('hi');
    await new Promise((r) => setTimeout(r, 0));
    // The area's module arrives after the switch began and before it ended.
    defineArea('test-during', { [key]: 'During' }, { hi: async () => ({ [key]: 'बीच में' }) });
    openGate({});
    await switching;
    expect(t(key as 'nav.home')).toBe('बीच में');
    await setLocale('en');
  });
});
