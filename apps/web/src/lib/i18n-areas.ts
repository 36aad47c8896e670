import { i18nStore, LOCALE_STORAGE_KEY, type Locale, type Text, type Translation } from './i18n';

/**
 * Loading and switching dictionaries (decision 220). Imported by the areas' modules and, on a
 * switch, by `setLocale`; never part of `/`'s JS, whose budget is full.
 */

/** How a locale's dictionary of one area is fetched. */
type Loader = () => Promise<Record<string, Text>>;

const areaLoaders = new Map<string, Partial<Record<Locale, Loader>>>([
  ['core', { hi: () => import('./messages/hi/core').then((m) => m.hiCore) }],
]);
const loaded: Record<Locale, Set<string>> = { en: new Set(['core']), hi: new Set() };
const pending = new Map<string, Promise<void>>();

function loadArea(area: string, locale: Locale): Promise<void> {
  if (loaded[locale].has(area)) return Promise.resolve();
  const id = `${locale}:${area}`;
  let promise = pending.get(id);
  if (!promise) {
    const loader = areaLoaders.get(area)?.[locale];
    promise = (loader ? loader() : Promise.resolve({}))
      .then((messages) => {
        Object.assign(i18nStore.dictionaries[locale], messages);
        loaded[locale].add(area);
      })
      .finally(() => pending.delete(id));
    pending.set(id, promise);
  }
  return promise;
}

/**
 * Declares an area's dictionaries (call once, from the module its screens import): its English
 * joins the dictionary now; every other locale is a loader, so its text is a chunk of its own.
 * When the player already reads another locale, that area's translation is fetched at once and
 * the screens re-render when it arrives (English shows meanwhile, never a bare key).
 */
export function defineArea<E extends Record<string, Text>>(
  area: string,
  english: E,
  translations: { [L in Exclude<Locale, 'en'>]: () => Promise<Translation<E>> },
): void {
  Object.assign(i18nStore.dictionaries.en, english);
  loaded.en.add(area);
  areaLoaders.set(area, translations as Partial<Record<Locale, Loader>>);
  const current = i18nStore.current;
  if (current !== 'en') void loadArea(area, current).then(i18nStore.changed, () => undefined);
}

/**
 * Switches the locale: loads the shell's and every declared area's dictionary for it first, so
 * nothing shows half-translated, then re-renders, sets `<html lang>` and remembers the choice on
 * this device.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  // Again until none is missing: an area declared while these load (a lazy chunk arriving, as
  // the installable app's bars do at start) would otherwise stay in English.
  let missing: string[];
  do {
    missing = [...areaLoaders.keys()].filter((area) => !loaded[locale].has(area));
    await Promise.all(missing.map((area) => loadArea(area, locale)));
  } while (missing.length > 0);
  i18nStore.current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be full or disabled (private mode): the choice then lasts for this visit.
  }
  i18nStore.changed();
}
