import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, translate, useI18n, type MessageKey, type Translate } from './i18n';
import { registerMessages } from './i18n-lazy';
import { en } from './messages/en';

function Greeting() {
  const { t, locale } = useI18n();
  return (
    <p>
      {locale}: {t('carousel.slideOf', { n: 2, total: 3 })}
    </p>
  );
}

describe('i18n', () => {
  it('translates a key from the English dictionary', () => {
    expect(translate(en, 'splash.tagline')).toBe('Withdraw fast, safe and stable.');
  });

  it('fills in {name} parameters, numbers included', () => {
    expect(translate(en, 'carousel.slide', { n: 3 })).toBe('Slide 3');
    expect(translate(en, 'carousel.slideOf', { n: 1, total: 3 })).toBe('1 of 3');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(translate(en, 'carousel.slideOf', { n: 1 })).toBe('1 of {total}');
  });

  it('works through the hook, with and without a provider', () => {
    render(<Greeting />);
    expect(screen.getByText('en: 2 of 3')).toBeTruthy();
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getAllByText('en: 2 of 3')).toHaveLength(2);
  });

  it('sets the document language from the locale', () => {
    document.documentElement.lang = '';
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(document.documentElement.lang).toBe('en');
  });

  it('type-checks keys and parameters', () => {
    const t: Translate = (key, ...params) => translate(en, key, params[0]);
    expect(t('nav.home')).toBe('Home');
    expect(t('carousel.slide', { n: 1 })).toBe('Slide 1');
    // @ts-expect-error an unknown key is a compile error
    t('nav.nope');
    // @ts-expect-error a message with placeholders needs its parameters
    t('carousel.slide');
    // @ts-expect-error a message without placeholders takes none
    t('nav.home', { n: 1 });
  });

  it('takes the texts of a lazily loaded area once its chunk registers them', () => {
    const key = 'test.lazy.greeting' as MessageKey;
    expect(translate(en, key)).not.toBe('Hello {name}');
    registerMessages({ [key]: 'Hello {name}' });
    expect(translate(en, key, { name: 'Asha' })).toBe('Hello Asha');
  });
});
