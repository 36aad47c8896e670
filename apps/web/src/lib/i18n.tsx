import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { en } from './messages/en';

/**
 * The app's one i18n layer (docs/decisions/220-one-i18n-layer.md). One `t`, over dictionaries
 * split by area and by language:
 *
 * - `lib/messages/en.ts` (+ the files it spreads) is the shell's English and ships with `/`.
 * - An area (wingo, wallet, withdraw, usdt, admin, ...) keeps its English in
 *   `lib/messages/en-<area>.ts` and its Hindi in `lib/messages/hi/<area>.ts`, and calls
 *   `defineArea` from a module its screens import (`features/<area>/i18n.ts`). The English joins
 *   the dictionary when that chunk loads; the Hindi is a chunk of its own, fetched only by a
 *   player who chose Hindi. The area's keys become ordinary `MessageKey`s by declaration merging:
 *     declare module '../../lib/i18n' { interface AreaMessages extends EnWingo {} }
 * - A translation is typed `Translation<typeof enX>`: a missing or extra key fails typecheck,
 *   and i18n-dictionaries.test.ts checks that placeholders and plural forms match.
 *
 * A text is a string with `{name}` placeholders, or plural forms `{ one, other }` chosen by
 * `Intl.PluralRules` of the current locale on the `count` parameter.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AreaMessages {}

/** Plural forms of one text, picked by `Intl.PluralRules(locale).select(count)`. */
export interface PluralText {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** A dictionary entry. */
export type Text = string | PluralText;

/** Every English text the app may show: the `/` dictionary and the areas' ones. */
type English = typeof en & AreaMessages;

/** A key of any dictionary (the areas' included). */
export type MessageKey = keyof English;

/** A complete translation of an English dictionary: every key, strings where English has strings. */
export type Translation<E> = { readonly [K in keyof E]: E[K] extends string ? string : PluralText };

/** Locales the app can show; `LOCALES[0]` is the default. */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** BCP 47 tags for `Intl` (numbers, money, dates, plurals). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en', hi: 'hi-IN' };

type ParamNames<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type TextParams<V> = V extends string ? ParamNames<V> : V extends PluralText ? ParamNames<V[keyof V]> | 'count' : never;

/** Parameters a message needs, derived from its `{name}` placeholders in the English text. */
export type MessageParams<K extends MessageKey> = Record<TextParams<English[K]>, string | number>;

/** `t` arguments after the key: a params object exactly when the message has placeholders. */
export type ParamsArg<K extends MessageKey> = [TextParams<English[K]>] extends [never] ? [] : [params: MessageParams<K>];

/** A key whose message has no `{name}` placeholders, for tables of labels. */
export type PlainMessageKey = {
  [K in MessageKey]: [TextParams<English[K]>] extends [never] ? K : never;
}[MessageKey];

/** Translate function: `t('carousel.slide', { n: 2 })`. */
export type Translate = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) => string;

/** The store (module state rather than React state, so helpers outside components translate
 * with the same `t`; components subscribe with `useI18n()`). Written only by lib/i18n-areas.ts,
 * which loads and switches dictionaries and is not part of `/`'s JS. */
export const i18nStore = {
  dictionaries: { en: { ...en } as Record<string, Text>, hi: {} } as Record<Locale, Record<string, Text>>,
  current: 'en' as Locale,
  version: 0,
  listeners: new Set<() => void>(),
  changed(): void {
    i18nStore.version += 1;
    for (const listener of i18nStore.listeners) listener();
  },
};

/** The locale the app shows now. */
export function getLocale(): Locale {
  return i18nStore.current;
}

/** Where the device's choice is kept. */
export const LOCALE_STORAGE_KEY = 'colorplay.locale';

/** The locale this device chose before, or null on a first visit. */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : null;
  } catch {
    return null;
  }
}

/** Switches the locale (lib/i18n-areas.ts, loaded on first use). */
export function setLocale(locale: Locale): Promise<void> {
  return import('./i18n-areas').then((m) => m.switchLocale(locale));
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pickPlural(text: PluralText, count: number): string {
  const current = i18nStore.current;
  let rules = pluralRules.get(current);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALE[current]);
    pluralRules.set(current, rules);
  }
  return text[rules.select(count)] ?? text.other;
}

/**
 * Translates a key in the current locale and fills `{name}` placeholders (unknown ones stay as
 * written). Falls back to English while an area's translation is still loading.
 */
export const t: Translate = (key, ...params) => {
  const values = params[0] as Record<string, string | number> | undefined;
  const { dictionaries, current } = i18nStore;
  const found = dictionaries[current][key as string] ?? dictionaries.en[key as string];
  if (found === undefined) return key as string;
  const text = typeof found === 'string' ? found : pickPlural(found, Number(values?.count ?? 0));
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
};

function subscribe(listener: () => void): () => void {
  i18nStore.listeners.add(listener);
  return () => i18nStore.listeners.delete(listener);
}

/** What `useI18n()` returns. */
export interface I18n {
  locale: Locale;
  t: Translate;
  setLocale: (locale: Locale) => Promise<void>;
}

/**
 * The current locale, `t` and the switch. The component re-renders when the locale changes or an
 * area's translation arrives; `t` is a new function then, so memos that list it recompute.
 */
export function useI18n(): I18n {
  const seen = useSyncExternalStore(subscribe, () => i18nStore.version, () => i18nStore.version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `seen` is the dictionaries' version
  const bound = useMemo<Translate>(() => (key, ...params) => t(key, ...params), [seen]);
  return { locale: i18nStore.current, t: bound, setLocale };
}

/** Kept for the component tree's shape: the store needs no provider. */
export function I18nProvider({ children }: { children: ReactNode }) {
  return children;
}
