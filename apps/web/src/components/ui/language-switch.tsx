import { LOCALES, useI18n, type Locale } from '../../lib/i18n';

/** Each language's name written in that language (not translated: a reader finds their own). */
const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The language switch: one pressed button per language, each name written in its own language
 * (and marked with its `lang`, so a screen reader pronounces it right). Choosing one loads its
 * dictionaries, re-renders the app and remembers the choice on this device; `onChosen` lets the
 * caller also save it to the account.
 */
export function LanguageSwitch({ className, onChosen }: { className?: string; onChosen?: (locale: Locale) => void }) {
  const { t, locale, setLocale } = useI18n();
  const choose = (next: Locale) => {
    void setLocale(next).then(() => onChosen?.(next));
  };
  return (
    <div className={`language-switch ${className ?? ''}`} role="group" aria-label={t('language.label')}>
      {LOCALES.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={l === locale} className="language-switch__option" onClick={() => choose(l)}>
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
