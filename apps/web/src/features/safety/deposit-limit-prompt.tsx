import { useId } from 'react';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { useMoneyAction } from '../../components/ui/money-action';
import { TextField } from '../../components/ui/text-field';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { safetyResource, setLimit, skipDepositPrompt } from './api';
import { parseRupees } from './amount';
import './i18n';
import './safety.css';

/**
 * Asks for a daily deposit limit before the first deposit and after registering (decision 210). The
 * field starts empty, never at "no limit"; "Not now" records the answer so it is not asked again,
 * unless the operator requires a limit, in which case there is no skipping.
 */
export function DepositLimitPrompt() {
  const { t } = useI18n();
  const headingId = useId();
  const safety = useResource(safetyResource);
  const skip = useMoneyAction(() => skipDepositPrompt());
  const save = useMoneyAction((amountMinor: number) => setLimit({ kind: 'deposit', period: 'day', amountMinor }), { report: 'inline' });
  const form = useForm<{ limit: string }>({
    fields: {
      limit: {
        initial: '',
        validate: (text) => {
          const parsed = parseRupees(text);
          return parsed === 'invalid' || parsed === null ? 'safety.error.amount' : null;
        },
        issueMessage: 'safety.error.amount',
      },
    },
    onSubmit: async ({ limit }) => {
      const parsed = parseRupees(limit);
      if (typeof parsed === 'number') await save.run(parsed);
    },
  });
  const s = safety.data;
  const hasDepositLimit = s?.limits.some((l) => l.kind === 'deposit' && l.amountMinor !== null) ?? true;
  const required = s?.depositLimitRequired === true && !hasDepositLimit;
  if (!s || (!s.depositLimitPrompt && !required)) return null;
  return (
    <section className="safety-prompt" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('safety.prompt.title')}</h2>
      <p>{required ? t('safety.prompt.required') : t('safety.prompt.text')}</p>
      <form noValidate onSubmit={form.onSubmit}>
        <TextField {...form.field('limit')} inputMode="decimal" label={t('safety.prompt.label')} />
        <FormAlert text={form.error('form')} />
        <div className="safety-prompt__actions">
          <SubmitButton className="button button--primary" busy={form.busy} label={t('safety.prompt.set')} busyLabel={t('safety.saving')} />
          {!required && (
            <button type="button" className="button button--ghost" aria-disabled={skip.busy || undefined} onClick={() => void skip.run(undefined)}>
              {t('safety.prompt.skip')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
