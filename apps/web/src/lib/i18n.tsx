import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en } from './messages/en';

/**
 * A tiny i18n layer (docs/decisions/011-i18n.md): typed keys, `{name}` interpolation and a locale
 * context. English ships in the main bundle; other locales are loaded on demand by `setLocale`.
 */

/**
 * Keys of the dictionaries that load with a lazy route rather than with `/` (whose JS budget is
 * full). A feature declares its keys here by declaration merging, so `t()`, `useForm` and
 * MessageRef accept them with the same typing as `en`'s, and adds its texts with
 * `registerMessages` (lib/i18n-lazy.ts) when its chunk loads (decision 160):
 *   type EnWithdraw = typeof enWithdraw;
 *   declare module '../../lib/i18n' { interface LazyMessages extends EnWithdraw {} }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyMessages {}

/** Every English text the app may show: the `/` dictionary and the lazily loaded ones. */
type English = typeof en & LazyMessages;

/** A key of the English dictionary (lazily loaded areas included). */
export type MessageKey = keyof English;

/** A complete dictionary for one locale: the keys that ship with `/`. */
export type Messages = { readonly [K in keyof typeof en]: string };

/** Locales the app can show. Hindi is added by writing messages/hi.ts and one loader line. */
export type Locale = 'en';

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
};

type ParamNames<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** Parameters a message needs, derived from its `{name}` placeholders in the English text. */
export type MessageParams<K extends MessageKey> = Record<ParamNames<English[K]>, string | number>;

/** `t` arguments after the key: a params object exactly when the message has placeholders. */
export type ParamsArg<K extends MessageKey> = [ParamNames<English[K]>] extends [never] ? [] : [params: MessageParams<K>];

/** A key whose message has no `{name}` placeholders, for tables of labels. */
export type PlainMessageKey = {
  [K in MessageKey]: [ParamNames<English[K]>] extends [never] ? K : never;
}[MessageKey];

/** Translate function: `t('carousel.slide', { n: 2 })`. */
export type Translate = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) => string;

/** Looks a key up in a dictionary and fills in `{name}` placeholders; unknown ones stay as written. */
export function translate(messages: Messages, key: MessageKey, params?: Record<string, string | number>): string {
  // Lazily loaded areas add their keys to `en` (lib/i18n-lazy.ts), so they are found there.
  const text = (messages as Partial<Record<MessageKey, string>>)[key] ?? (en as Record<MessageKey, string>)[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function makeTranslate(messages: Messages): Translate {
  return (key, ...params) => translate(messages, key, params[0]);
}

/** What `useI18n()` returns. */
export interface I18n {
  locale: Locale;
  t: Translate;
  setLocale: (locale: Locale) => Promise<void>;
}

const defaultI18n: I18n = {
  locale: 'en',
  t: makeTranslate(en),
  setLocale: () => Promise.resolve(),
};

// The default value is English, so components render in tests without a provider.
const I18nContext = createContext<I18n>(defaultI18n);

/** Provides the current locale and its dictionary to the tree. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ locale: Locale; messages: Messages }>({ locale: 'en', messages: en });

  const setLocale = useCallback(async (locale: Locale) => {
    const messages = await loaders[locale]();
    setState({ locale, messages });
  }, []);

  useEffect(() => {
    document.documentElement.lang = state.locale;
  }, [state.locale]);

  const value = useMemo<I18n>(
    () => ({ locale: state.locale, t: makeTranslate(state.messages), setLocale }),
    [state, setLocale],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The current locale, its translate function and a way to switch locale. */
export function useI18n(): I18n {
  return use(I18nContext);
}
