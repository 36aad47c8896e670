import type { MarketingConsent } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState } from 'react';
import { LoadNotice } from '../../components/ui/load-notice';
import { formatDateTimeIst } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { setResourceData, useResource, type ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';

/**
 * The account page's "Marketing offers" switch (docs/promotions.md, decision 491): off until the
 * player gives it, each change kept by the server with its time, which is shown here. Its calls
 * live in this module, not in ./api.ts, which `/` loads: the lazy paths stay off `/`.
 */

const CONSENT_KEY = 'marketing-consent';

const consentResource: ResourceSpec<MarketingConsent> = {
  key: CONSENT_KEY,
  fetch: async (signal) => (await authedApi.get<{ data: MarketingConsent }>(LAZY_API_PATHS.player_marketing_consent, { signal })).data,
};

export function MarketingConsentSwitch() {
  const { t } = useI18n();
  const consent = useResource(consentResource);
  // The state being saved: the switch shows it at once (a switch that springs back until the
  // server answers reads as broken) and goes back to the server's state if the save fails.
  const [saving, setSaving] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const hintId = useId();
  const given = consent.data?.given ?? false;

  const change = async (next: boolean) => {
    if (saving !== null) return;
    setSaving(next);
    setFailed(false);
    try {
      const answer = (await authedApi.post<{ data: MarketingConsent }>(LAZY_API_PATHS.player_marketing_consent, { given: next })).data;
      setResourceData(CONSENT_KEY, answer);
    } catch {
      setFailed(true);
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="account__consent" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-menu__title">
        {t('accountMenu.consent.title')}
      </h2>
      <label className="account__consent-switch">
        <span>{t('accountMenu.consent.label')}</span>
        <input
          type="checkbox"
          role="switch"
          checked={saving ?? given}
          disabled={!consent.data}
          aria-busy={saving !== null || undefined}
          aria-describedby={hintId}
          onChange={(e) => void change(e.target.checked)}
        />
      </label>
      <p id={hintId} className="account__consent-note">
        {consent.data?.changedAt
          ? t(given ? 'accountMenu.consent.givenAt' : 'accountMenu.consent.withdrawnAt', { time: formatDateTimeIst(new Date(consent.data.changedAt)) })
          : t('accountMenu.consent.never')}{' '}
        {t('accountMenu.consent.hint')}
      </p>
      {failed && (
        <p className="account__error" role="alert">
          {t('accountMenu.consent.failed')}
        </p>
      )}
      <LoadNotice loaded={Boolean(consent.data)} error={consent.error} retry={consent.reload} />
    </section>
  );
}
