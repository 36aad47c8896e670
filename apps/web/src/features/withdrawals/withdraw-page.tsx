import type { KycStatus, WithdrawInfo, Withdrawal } from '@colorplay/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { LoadNotice } from '../../components/ui/load-notice';
import { useMoneyAction } from '../../components/ui/money-action';
import { TextField } from '../../components/ui/text-field';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import type { MessageRef } from '../../lib/api-errors';
import { refreshBalances } from '../../lib/balance';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { checkAmount, minorToInputText } from '../../lib/amount';
import { kycResource, payoutMethodsResource, requestWithdrawal, WITHDRAW_INFO_KEY, withdrawInfoResource, WITHDRAWALS_KEY } from './api';
import { withdrawalFeeMinor } from './checks';
import { ownErrorRef } from './errors';
import { PayoutMethods } from './payout-methods';
import { WithdrawalStatusChip } from './status';
import '../../components/ui/money.css';
import '../../lib/withdraw-texts';
import '../../lib/wallet-texts';

/**
 * The withdraw page: what can be withdrawn now (and why the rest is locked), the saved payout
 * methods, and the amount within the limits. A player whose identity is not verified sees the
 * way to the KYC page instead of the form. The request is a money action (one idempotency key
 * per amount and method until it succeeds); its answer is shown on the page.
 */
export function WithdrawPage() {
  const { t } = useI18n();
  const info = useResource(withdrawInfoResource);

  return (
    <main className="page withdraw">
      <TopBar title={t('withdraw.title')} backTo={paths.wallet.getHref()} />
      <LoadNotice loaded={Boolean(info.data)} error={info.error} retry={info.reload} />
      {info.data && (
        <>
          {info.data.sandbox && <p className="sandbox-note withdraw__sandbox">{t('withdraw.sandbox')}</p>}
          <Summary info={info.data} />
          {info.data.kycStatus === 'verified' ? <WithdrawForm info={info.data} /> : <KycGate status={info.data.kycStatus} />}
          <div className="wallet__links">
            <Link to={paths.withdrawHistory.getHref()} className="button button--ghost">
              {t('wallet.withdrawHistory')}
            </Link>
          </div>
        </>
      )}
    </main>
  );
}

/** The withdrawable amount first; the balance and the locked part, said in plain words. */
function Summary({ info }: { info: WithdrawInfo }) {
  const { t } = useI18n();
  const id = useId();
  const money = (minor: number) => formatMoneyMinor(minor, info.currency);
  return (
    <section className="wallet-card" aria-labelledby={id}>
      <h2 id={id} className="wallet-card__label">
        {t('withdraw.withdrawable')}
      </h2>
      <p className="wallet-card__total">{money(info.withdrawableMinor)}</p>
      <dl className="wallet-card__rows">
        <div className="wallet-card__row">
          <dt>{t('withdraw.balance')}</dt>
          <dd>{money(info.balanceMinor)}</dd>
        </div>
        <div className="wallet-card__row">
          <dt>{t('withdraw.locked')}</dt>
          <dd>{money(info.wageringLockedMinor)}</dd>
        </div>
      </dl>
      <p className="withdraw__explain">
        {info.wageringLockedMinor > 0
          ? t('withdraw.lockedExplained', {
              locked: money(info.wageringLockedMinor),
              factor: info.wagering.factor,
              remaining: money(info.wagering.remainingToPlayMinor),
            })
          : t('withdraw.nothingLocked')}
      </p>
    </section>
  );
}

/** Instead of the form while the identity is not verified: where the check stands and what to do. */
function KycGate({ status }: { status: WithdrawInfo['kycStatus'] }) {
  const { t } = useI18n();
  const id = useId();
  const title = status === 'pending' ? t('withdraw.kyc.pending') : status === 'rejected' ? t('withdraw.kyc.rejected') : t('withdraw.kyc.needed');
  return (
    <section className="withdraw-kyc" aria-labelledby={id}>
      <h2 id={id} className="withdraw__heading">
        {title}
      </h2>
      {status === 'none' && <p>{t('withdraw.kyc.neededText')}</p>}
      {status === 'pending' && <p>{t('withdraw.kyc.pendingText')}</p>}
      {status === 'rejected' && <RejectedReason />}
      <Link to={paths.kyc.getHref()} className={`button ${status === 'pending' ? 'button--ghost' : 'button--primary'}`}>
        {status === 'none' ? t('withdraw.kyc.start') : status === 'rejected' ? t('withdraw.kyc.resubmit') : t('withdraw.kyc.view')}
      </Link>
    </section>
  );
}

/** The operator's reason, from the KYC status (the withdraw info carries only the status). */
function RejectedReason() {
  const { t } = useI18n();
  const kyc = useResource<KycStatus>(kycResource);
  const reason = kyc.data?.rejectionReason;
  return reason ? <p>{t('withdraw.kyc.rejectedReason', { reason })}</p> : null;
}

/** Method, amount, limits, fee and the money button. */
function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t } = useI18n();
  const methods = useResource(payoutMethodsResource);
  const [picked, setPicked] = useState<string | null>(null);
  const [result, setResult] = useState<Withdrawal | null>(null);
  // The request the player is asked to confirm (amount and method), or null.
  const [confirming, setConfirming] = useState<{ methodId: string; amountMinor: number; feeMinor: number } | null>(null);
  // A request the server refused because it would forfeit an unconverted bonus (decision 490): the
  // same request and the bonus the player is asked to give up, until they confirm or cancel.
  const [forfeiting, setForfeiting] = useState<{ input: { methodId: string; amountMinor: number }; bonusMinor: number } | null>(null);
  const money = (minor: number) => formatMoneyMinor(minor, info.currency);

  const items = methods.data?.items ?? [];
  const methodId = items.find((m) => m.id === picked)?.id ?? items[0]?.id ?? null;
  const cap = Math.min(info.maxMinor, info.withdrawableMinor);
  const noneLeft = info.dailyCountLeft <= 0;
  const hasFee = info.feeFixedMinor > 0 || info.feeBps > 0;

  const amountProblem = (text: string): MessageRef | null => {
    const check = checkAmount(text, { minMinor: info.minMinor, maxMinor: info.maxMinor });
    if (check.ok) return check.amountMinor > info.withdrawableMinor ? { key: 'withdraw.error.aboveWithdrawable', params: { amount: money(info.withdrawableMinor) } } : null;
    switch (check.problem) {
      case 'empty':
        return { key: 'withdraw.error.empty' };
      case 'invalid':
        return { key: 'recharge.error.invalid' };
      case 'too_precise':
        return { key: 'recharge.error.tooPrecise' };
      case 'below_min':
        return { key: 'withdraw.error.belowMin', params: { min: money(info.minMinor) } };
      case 'above_max':
        return { key: 'withdraw.error.aboveMax', params: { max: money(info.maxMinor) } };
    }
  };

  const request = useMoneyAction(
    (input: { methodId: string; amountMinor: number; forfeitBonus?: true }, idempotencyKey: string) => requestWithdrawal({ ...input, idempotencyKey }),
    {
      report: 'inline',
      // The server's request is method and amount (its request hash): confirming the forfeit
      // resends that same request, under the same key, so a lost answer is never a second one.
      intentOf: ({ methodId, amountMinor }) => ({ methodId, amountMinor }),
      invalidates: [WITHDRAW_INFO_KEY, WITHDRAWALS_KEY],
      onSuccess: (withdrawal) => {
        // Through the balance store, so the player's other tabs read it again too.
        refreshBalances();
        setResult(withdrawal);
      },
    },
  );

  const form = useForm<{ amount: string }>({
    fields: { amount: { initial: '', validate: amountProblem, issueMessage: 'apiError.amount' } },
    codeFields: { AMOUNT_OUT_OF_RANGE: 'amount', INSUFFICIENT_FUNDS: 'amount' },
    // Submitting only asks: the money moves from the confirmation dialog (send()).
    onSubmit: ({ amount }) => {
      const check = checkAmount(amount, { minMinor: info.minMinor, maxMinor: cap });
      if (!check.ok) return;
      if (methodId === null) {
        form.setErrors({ form: { key: 'withdraw.error.method' } });
        return;
      }
      setConfirming({ methodId, amountMinor: check.amountMinor, feeMinor: withdrawalFeeMinor(check.amountMinor, info.feeFixedMinor, info.feeBps) });
    },
  });

  const send = async (input: { methodId: string; amountMinor: number; forfeitBonus?: true }) => {
    setConfirming(null);
    setForfeiting(null);
    setResult(null);
    try {
      // A done request empties the field, so a second tap cannot ask for the same amount again.
      if (await request.run(input)) form.setValue('amount', '');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'BONUS_FORFEIT_REQUIRED' && !input.forfeitBonus) {
        // Nothing moved: the player is asked, in a dialog that says what they would give up.
        setForfeiting({ input: { methodId: input.methodId, amountMinor: input.amountMinor }, bonusMinor: Number(err.details?.bonusMinor ?? 0) });
        return;
      }
      // Codes about the amount go beside it, the others above the button, in this area's words.
      const own = ownErrorRef(err);
      const code = (err as { code?: string }).code;
      if (own) form.setErrors(code === 'WAGERING_LOCKED' || code === 'INSUFFICIENT_FUNDS' ? { amount: own } : { form: own });
      else form.showServerError(err);
    }
  };
  const check = checkAmount(form.values.amount, { minMinor: info.minMinor, maxMinor: cap });
  const feeMinor = check.ok ? withdrawalFeeMinor(check.amountMinor, info.feeFixedMinor, info.feeBps) : 0;

  const feeRule =
    info.feeFixedMinor > 0 && info.feeBps > 0
      ? t('withdraw.feeBoth', { fixed: money(info.feeFixedMinor), percent: info.feeBps / 100 })
      : info.feeFixedMinor > 0
        ? t('withdraw.feeFixed', { fixed: money(info.feeFixedMinor) })
        : t('withdraw.feeBps', { percent: info.feeBps / 100 });

  return (
    <>
      {methods.data && (
        <PayoutMethods list={methods.data} kinds={info.methodKinds} selected={methodId} onSelect={setPicked} />
      )}
      {!methods.data && methods.error && (
        <div className="wallet__notice" role="alert">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="button button--ghost" onClick={methods.reload}>
            {t('wallet.retry')}
          </button>
        </div>
      )}

      {result && <Result withdrawal={result} />}

      {noneLeft ? (
        <p className="wallet__notice">{t('withdraw.noneLeft', { limit: info.dailyCountLimit })}</p>
      ) : info.withdrawableMinor < info.minMinor ? (
        // Less than the smallest withdrawal: say what is missing instead of a form that can only refuse.
        <p className="wallet__notice">
          {t('withdraw.belowMinimum', { min: money(info.minMinor), amount: money(info.withdrawableMinor), gap: money(info.minMinor - info.withdrawableMinor) })}
        </p>
      ) : (
        <form className="withdraw__form" noValidate onSubmit={form.onSubmit} aria-label={t('withdraw.title')}>
          <TextField
            label={t('withdraw.amount')}
            hint={`${t('withdraw.limits', { min: money(info.minMinor), max: money(info.maxMinor) })} ${t('withdraw.countLeft', { left: info.dailyCountLeft, limit: info.dailyCountLimit })}`}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('amount')}
            onBlur={() => {
              if (form.values.amount.trim() !== '') form.checkField('amount');
            }}
          />
          {cap >= info.minMinor && (
            <button type="button" className="button button--ghost withdraw__all" onClick={() => form.setValue('amount', minorToInputText(cap))}>
              {t('withdraw.all', { amount: money(cap) })}
            </button>
          )}
          <p className="withdraw__muted">
            {!hasFee
              ? t('withdraw.feeNone')
              : check.ok
                ? t('withdraw.feeFor', { fee: money(feeMinor), net: money(check.amountMinor - feeMinor) })
                : t('withdraw.feeRule', { rule: feeRule })}
          </p>
          {items.length === 0 && methods.data && <p className="withdraw__muted">{t('withdraw.needMethod')}</p>}
          <FormAlert text={form.error('form')} />
          <SubmitButton
            className="button button--primary withdraw__submit"
            busy={form.busy || request.busy}
            label={check.ok ? t('withdraw.submit', { amount: money(check.amountMinor) }) : t('withdraw.submitPlain')}
            busyLabel={t('withdraw.submitting')}
          />
        </form>
      )}

      {confirming && (
        <ConfirmDialog
          open
          title={t('withdraw.confirm.title')}
          message={t('withdraw.confirm.text')}
          confirmLabel={t('withdraw.confirm.send', { amount: money(confirming.amountMinor) })}
          cancelLabel={t('withdraw.confirm.back')}
          onConfirm={() => void send({ methodId: confirming.methodId, amountMinor: confirming.amountMinor })}
          onCancel={() => setConfirming(null)}
        >
          <WithdrawalFacts
            amount={money(confirming.amountMinor)}
            method={items.find((m) => m.id === confirming.methodId)?.summary ?? ''}
            fee={money(confirming.feeMinor)}
            net={money(confirming.amountMinor - confirming.feeMinor)}
          />
        </ConfirmDialog>
      )}

      {forfeiting && (
        <ConfirmDialog
          open
          title={t('withdraw.forfeit.title')}
          message={t('withdraw.forfeit.text', { bonus: money(forfeiting.bonusMinor) })}
          confirmLabel={t('withdraw.forfeit.confirm', { amount: money(forfeiting.input.amountMinor) })}
          onConfirm={() => void send({ ...forfeiting.input, forfeitBonus: true })}
          onCancel={() => setForfeiting(null)}
        />
      )}
    </>
  );
}

/** What the confirmation shows: amount, where it goes, the fee, what arrives and when. */
function WithdrawalFacts({ amount, method, fee, net }: { amount: string; method: string; fee: string; net: string }) {
  const { t } = useI18n();
  const rows: [string, string][] = [
    [t('withdraw.confirm.amount'), amount],
    [t('withdraw.confirm.method'), method],
    [t('withdraw.confirm.fee'), fee],
    [t('withdraw.confirm.net'), net],
    [t('withdraw.confirm.time'), t('withdraw.confirm.timeText')],
  ];
  return (
    <dl className="withdraw-confirm">
      {rows.map(([label, value]) => (
        <div key={label} className="withdraw-confirm__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the request did, said once (a live region), with the way to follow it. */
function Result({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useI18n();
  const money = (minor: number) => formatMoneyMinor(minor, withdrawal.currency);
  const automatic = withdrawal.status === 'approved' || withdrawal.status === 'processing' || withdrawal.status === 'paid';
  const titleId = useId();
  return (
    <section className="withdraw-result" role="status" aria-labelledby={titleId}>
      <p id={titleId} className="withdraw-result__title">{t('withdraw.done', { amount: money(withdrawal.amountMinor), method: withdrawal.method.summary })}</p>
      <p>{automatic ? t('withdraw.doneAuto') : t('withdraw.doneReview')}</p>
      <p>
        {t('withdraw.doneStatus')} <WithdrawalStatusChip status={withdrawal.status} />
      </p>
      <Link to={paths.withdrawHistory.getHref()}>{t('withdraw.toHistory')}</Link>
    </section>
  );
}
