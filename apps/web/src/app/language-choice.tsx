import { useState } from 'react';
import { LanguageSwitch } from '../components/ui/language-switch';
import { storedLocale, useI18n } from '../lib/i18n';

/**
 * The first-visit language choice (decision 221): a bar in the page flow, not a modal, so nothing
 * is covered or blocked, shown until this device picks a language once. Loaded as its own chunk only on a first visit.
 */
export default function LanguageChoice() {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(true);
  // A language stored since the bar appeared (a signed-in account's own, decision 479) ends it too:
  // useI18n re-renders this when a switch stores one.
  if (!open || storedLocale() !== null) return null;
  return (
    <aside className="language-choice" aria-label={t('language.label')}>
      <p className="language-choice__text">
        {t('language.choose')} · <span lang={locale === 'en' ? 'hi' : 'en'}>{t('language.chooseOther')}</span>
      </p>
      <LanguageSwitch onChosen={() => setOpen(false)} />
    </aside>
  );
}
