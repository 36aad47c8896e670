import type { AddPayoutMethodInput, PayoutMethod, PayoutMethodKind, PayoutMethodList } from '@colorplay/contract';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import type { IconName } from '../../components/ui/icon';
import { MethodCard } from '../../components/ui/method-card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { useI18n } from '../../lib/i18n';
import { invalidateResources, keyMatches, setResourceData } from '../../lib/resource';
import { addPayoutMethod, PAYOUT_METHODS_KEY, removePayoutMethod } from './api';
import { checkAccountNumber, checkAddress, checkHolder, checkIfsc, checkVpa } from './checks';
import { METHOD_KIND_LABEL } from './status';
import '../../lib/withdraw-texts';

const METHOD_MARK: Record<PayoutMethodKind, IconName> = { upi: 'mark-upi', bank: 'mark-bank', usdt: 'mark-usdt' };

/**
 * The saved payout methods as a radio group (the one a withdrawal goes to), each with a Remove
 * button behind a confirmation, and a form to add one of the kinds the server accepts now.
 */
export function PayoutMethods({
  list,
  kinds,
  selected,
  onSelect,
}: {
  list: PayoutMethodList;
  kinds: readonly PayoutMethodKind[];
  selected: string | null;
  onSelect: (methodId: string) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const legendId = useId();
  const [removing, setRemoving] = useState<PayoutMethod | null>(null);
  const [adding, setAdding] = useState(list.items.length === 0);

  const confirmRemove = async () => {
    const method = removing;
    setRemoving(null);
    if (!method) return;
    try {
      setResourceData<PayoutMethodList>(PAYOUT_METHODS_KEY, await removePayoutMethod(method.id));
      toast.show(t('methods.removed'), { type: 'success' });
    } catch (err) {
      toast.show(messageText(t, apiErrorMessage(err)), { type: 'fail' });
    }
  };

  const full = list.items.length >= list.maxMethods;

  return (
    <section className="withdraw-methods" aria-labelledby={legendId}>
      <h2 id={legendId} className="withdraw__heading">
        {t('methods.title')}
      </h2>
      {list.items.length === 0 ? (
        <p className="withdraw__muted">{t('methods.empty')}</p>
      ) : (
        <div role="radiogroup" aria-labelledby={legendId} className="withdraw-methods__list">
          {list.items.map((m) => (
            <div key={m.id} className="withdraw-method">
              <MethodCard
                group={`${legendId}-method`}
                value={m.id}
                checked={selected === m.id}
                onSelect={() => onSelect(m.id)}
                mark={METHOD_MARK[m.kind]}
                label={m.summary}
                detail={t(METHOD_KIND_LABEL[m.kind])}
              />
              {/* Quieter than Add: removing is the rare, destructive choice (and it asks first). */}
              <button type="button" className="withdraw-method__remove" aria-label={t('methods.remove', { method: m.summary })} onClick={() => setRemoving(m)}>
                {t('methods.removeConfirm')}
              </button>
            </div>
          ))}
        </div>
      )}
      {full ? (
        <p className="withdraw__muted">{t('methods.limit', { max: list.maxMethods })}</p>
      ) : adding ? (
        <AddMethodForm
          kinds={kinds}
          onAdded={(method) => {
            setResourceData<PayoutMethodList>(PAYOUT_METHODS_KEY, (current) => ({
              maxMethods: current?.maxMethods ?? list.maxMethods,
              items: [...(current?.items ?? list.items), method],
            }));
            invalidateResources(keyMatches(PAYOUT_METHODS_KEY));
            onSelect(method.id);
            setAdding(false);
            toast.show(t('methods.added'), { type: 'success' });
          }}
        />
      ) : (
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          {t('methods.add')}
        </button>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('methods.removeTitle')}
        message={removing ? t('methods.removeText', { method: removing.summary }) : ''}
        confirmLabel={t('methods.removeConfirm')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

type MethodValues = { vpa: string; accountHolder: string; accountNumber: string; ifsc: string; address: string };

/** The add form: one kind at a time, only that kind's fields checked and sent. */
function AddMethodForm({ kinds, onAdded }: { kinds: readonly PayoutMethodKind[]; onAdded: (method: PayoutMethod) => void }) {
  const { t } = useI18n();
  const kindId = useId();
  const [kind, setKind] = useState<PayoutMethodKind>(kinds[0] ?? 'upi');
  const only = (k: PayoutMethodKind, check: (v: string) => ReturnType<typeof checkVpa>) => (value: string) => (kind === k ? check(value) : null);

  const form = useForm<MethodValues>({
    fields: {
      vpa: { initial: '', validate: only('upi', checkVpa), issueMessage: 'methods.error.vpa' },
      accountHolder: { initial: '', validate: only('bank', checkHolder), issueMessage: 'methods.error.holder' },
      accountNumber: { initial: '', validate: only('bank', checkAccountNumber), issueMessage: 'methods.error.accountNumber' },
      ifsc: { initial: '', validate: only('bank', checkIfsc), issueMessage: 'methods.error.ifsc' },
      address: { initial: '', validate: only('usdt', checkAddress), issueMessage: 'methods.error.address' },
    },
    onSubmit: async (v) => {
      const input: AddPayoutMethodInput =
        kind === 'upi'
          ? { kind, vpa: v.vpa.trim() }
          : kind === 'bank'
            ? { kind, accountHolder: v.accountHolder.trim(), accountNumber: v.accountNumber.replace(/\s/g, ''), ifsc: v.ifsc.trim().toUpperCase() }
            : { kind, address: v.address.trim() };
      onAdded(await addPayoutMethod(input));
    },
  });

  return (
    <form className="withdraw-methods__add" noValidate onSubmit={form.onSubmit} aria-label={t('methods.add')}>
      <fieldset className="recharge__channels">
        <legend className="recharge__legend">{t('methods.addKind')}</legend>
        {kinds.map((k) => (
          <label key={k} className="channel-option">
            <input type="radio" name={kindId} value={k} checked={kind === k} onChange={() => setKind(k)} />
            <span className="channel-option__name">{t(METHOD_KIND_LABEL[k])}</span>
          </label>
        ))}
      </fieldset>
      {kind === 'upi' && <TextField label={t('methods.vpa')} hint={t('methods.vpaHint')} autoComplete="off" {...form.field('vpa')} />}
      {kind === 'bank' && (
        <>
          <TextField label={t('methods.holder')} autoComplete="name" {...form.field('accountHolder')} />
          <TextField label={t('methods.accountNumber')} inputMode="numeric" autoComplete="off" {...form.field('accountNumber')} />
          <TextField label={t('methods.ifsc')} hint={t('methods.ifscHint')} autoCapitalize="characters" autoComplete="off" {...form.field('ifsc')} />
        </>
      )}
      {kind === 'usdt' && <TextField label={t('methods.address')} hint={t('methods.addressHint')} autoComplete="off" spellCheck={false} {...form.field('address')} />}
      <FormAlert text={form.error('form')} />
      <SubmitButton className="button button--ghost" busy={form.busy} label={t('methods.addSubmit')} busyLabel={t('methods.adding')} />
    </form>
  );
}
