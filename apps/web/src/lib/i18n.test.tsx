import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineArea, t, useI18n, type MessageKey, type Translate } from './i18n';

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
    defineArea('test-plural', { [key]: { one: '{count} bet', other: '{count} bets' } }, {});
    const tr = t as (key: MessageKey, params: Record<string, number>) => string;
    expect(tr(key, { count: 1 })).toBe('1 bet');
    expect(tr(key, { count: 0 })).toBe('0 bets');
    expect(tr(key, { count: 7 })).toBe('7 bets');
  });

  it('takes the texts of an area once its module declares them, without editing another dictionary', () => {
    const key = 'test.lazy.greeting' as MessageKey;
    expect(t(key as 'nav.home')).toBe(key);
    defineArea('test-area', { [key]: 'Hello {name}' }, {});
    expect((t as (k: MessageKey, p: object) => string)(key, { name: 'Asha' })).toBe('Hello Asha');
  });

  it('re-renders subscribed components when the locale is set', async () => {
    render(<Greeting />);
    const { setLocale } = await import('./i18n');
    await act(() => setLocale('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('en: 2 of 3')).toBeTruthy();
  });
});
