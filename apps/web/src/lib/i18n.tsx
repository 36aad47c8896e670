import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
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

type Text = string | PluralText;

/** Every English text the app may show: the `/` dictionary and the areas' ones. */
type English = typeof en & AreaMessages;

/** A key of any dictionary (the areas' included). */
export type MessageKey = keyof English;

/** A complete translation of an English dictionary: every key, strings where English has strings. */
export type Translation<E> = { readonly [K in keyof E]: E[K] extends string ? string : PluralText };

/** Locales the app can show; `LOCALES[0]` is the default. */
export const LOCALES = ['en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Names of each locale, written in that language, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English' };

/** BCP 47 tags for `Intl` (numbers, money, dates, plurals). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en' };

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

/** How a locale's dictionary of one area is fetched. */
type Loader = () => Promise<Record<string, Text>>;

const STORAGE_KEY = 'colorplay.locale';

// The store. Module state rather than React state, so helpers outside components (error texts,
// formatters) translate with the same `t`; components subscribe with `useI18n()`.
const dictionaries = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Record<string, Text>>;
Object.assign(dictionaries.en, en);
const areaLoaders = new Map<string, Partial<Record<Locale, Loader>>>([['core', {}]]);
const loaded = Object.fromEntries(LOCALES.map((l) => [l, new Set<string>()])) as Record<Locale, Set<string>>;
loaded.en.add('core');
const pending = new Map<string, Promise<void>>();
let current: Locale = 'en';
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function loadArea(area: string, locale: Locale): Promise<void> {
  if (loaded[locale].has(area)) return Promise.resolve();
  const id = `${locale}:${area}`;
  let promise = pending.get(id);
  if (!promise) {
    const loader = areaLoaders.get(area)?.[locale];
    promise = (loader ? loader() : Promise.resolve({}))
      .then((messages) => {
        Object.assign(dictionaries[locale], messages);
        loaded[locale].add(area);
      })
      .finally(() => pending.delete(id));
    pending.set(id, promise);
  }
  return promise;
}

/**
 * Declares an area's dictionaries (call once, from the module its screens import): its English
 * joins the dictionary now; the other locales load when needed. When the player already reads
 * another locale, that area's translation is fetched at once and the screens re-render when it
 * arrives (English shows meanwhile, never a bare key).
 */
export function defineArea<E extends Record<string, Text>>(
  area: string,
  english: E,
  translations: { [L in Exclude<Locale, 'en'>]: () => Promise<Translation<E>> },
): void {
  Object.assign(dictionaries.en, english);
  loaded.en.add(area);
  areaLoaders.set(area, translations as Partial<Record<Locale, Loader>>);
  if (current !== 'en') void loadArea(area, current).then(changed, () => undefined);
}

/** The locale the app shows now. */
export function getLocale(): Locale {
  return current;
}

/**
 * Switches the locale: loads the shell's and every declared area's dictionary for it first, so
 * nothing shows half-translated, then re-renders, sets `<html lang>` and remembers the choice on
 * this device.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await Promise.all([...areaLoaders.keys()].map((area) => loadArea(area, locale)));
  current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage can be full or disabled (private mode): the choice then lasts for this visit.
  }
  changed();
}

/** The locale this device chose before, or null on a first visit. */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : null;
  } catch {
    return null;
  }
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pickPlural(text: PluralText, count: number): string {
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
  const found = dictionaries[current][key as string] ?? dictionaries.en[key as string];
  if (found === undefined) return key as string;
  const text = typeof found === 'string' ? found : pickPlural(found, Number(values?.count ?? 0));
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
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
  const seen = useSyncExternalStore(subscribe, () => version, () => version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `seen` is the dictionaries' version
  const bound = useMemo<Translate>(() => (key, ...params) => t(key, ...params), [seen]);
  const switchLocale = useCallback((locale: Locale) => setLocale(locale), []);
  return { locale: current, t: bound, setLocale: switchLocale };
}

/** Kept for the component tree's shape: the store needs no provider. */
export function I18nProvider({ children }: { children: ReactNode }) {
  return children;
}
