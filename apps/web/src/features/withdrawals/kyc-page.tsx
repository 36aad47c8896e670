import type { KycStatus } from '@colorplay/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { LoadNotice } from '../../components/ui/load-notice';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { parseDayFirstDate } from '../../lib/day-first-date';
import { formatDateTimeIst } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { getResourceData, invalidateResources, keyMatches, setResourceData, useResource } from '../../lib/resource';
import { KYC_KEY, kycResource, submitKyc, WITHDRAW_INFO_KEY } from './api';
import { checkDateOfBirth, checkDocument, checkFullName, checkPan, fileToBase64, formatBytes, todayIst } from './checks';
import { ownErrorRef } from './errors';
import { KYC_STATUS_LABEL, KYC_TONE } from './status';
import '../../components/ui/money.css';
import '../../lib/withdraw-texts';

/**
 * The identity check (KYC) a withdrawal needs: its status, and while there is none or the last
 * one was rejected, the form: full name, date of birth (the configured age, checked here and
 * again by the server), PAN, and a photo or PDF of the PAN card, checked for type and size
 * before it is sent.
 */
export function KycPage() {
  const { t } = useI18n();
  // While the check is under review the page asks again now and then, so an operator's decision
  // shows without a reload (this page has no socket: only the lottery pages open one).
  const pending = getResourceData<KycStatus>(KYC_KEY)?.status === 'pending';
  const kyc = useResource(kycResource, { pollMs: pending ? KYC_POLL_MS : null });
  const statusId = useId();
  const data = kyc.data;

  return (
    <main className="page withdraw">
      <TopBar title={t('kyc.title')} backTo={paths.withdraw.getHref()} />
      <LoadNotice loaded={Boolean(data)} error={kyc.error} retry={kyc.reload} />
      {data && (
        <>
          <section className="withdraw-kyc" aria-labelledby={statusId}>
            <h2 id={statusId} className="withdraw__heading" aria-live="polite">
              {t('kyc.status')} <span className={`status-chip status-chip--${KYC_TONE[data.status]}`}>{t(KYC_STATUS_LABEL[data.status])}</span>
            </h2>
            {data.status === 'none' && <p>{t('kyc.intro', { age: data.minAgeYears })}</p>}
            {data.status === 'pending' && data.submittedAt && <p>{t('kyc.pendingText', { time: formatDateTimeIst(Date.parse(data.submittedAt)) })}</p>}
            {data.status === 'verified' && <p>{t('kyc.verifiedText')}</p>}
            {data.status === 'rejected' && <p>{t('kyc.rejectedText', { reason: data.rejectionReason ?? '—' })}</p>}
            {data.status !== 'none' && data.fullName && data.panMasked && (
              <p className="withdraw__muted">{t('kyc.submittedAs', { name: data.fullName, pan: data.panMasked })}</p>
            )}
            {data.submissionId && (
              <Link to={paths.help.getHref({ report: `kyc:${data.submissionId}` })} className="history-item__open">
                {t('withdrawals.report')}
              </Link>
            )}
            {data.status === 'verified' && (
              <Link to={paths.withdraw.getHref()} className="button button--primary">
                {t('kyc.toWithdraw')}
              </Link>
            )}
          </section>
          {(data.status === 'none' || data.status === 'rejected') && <KycForm status={data} />}
        </>
      )}
    </main>
  );
}

/** How often a check under review is read again (an operator decides in minutes, not seconds). */
export const KYC_POLL_MS = 10_000;

/** The age check against today's date in India (a function, so the clock is read on submit only). */
function checkAdult(dateOfBirth: string, minAgeYears: number) {
  return checkDateOfBirth(parseDayFirstDate(dateOfBirth) ?? '', todayIst(Date.now()), minAgeYears);
}

type KycValues = { fullName: string; dateOfBirth: string; panNumber: string; document: string };

function KycForm({ status }: { status: KycStatus }) {
  const { t } = useI18n();
  const toast = useToast();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const maxText = formatBytes(status.maxDocumentBytes);
  const documentProblem = (f: File | null) => checkDocument(f, status.documentTypes, status.maxDocumentBytes, maxText);

  const form = useForm<KycValues>({
    fields: {
      fullName: { initial: '', validate: checkFullName, issueMessage: 'kyc.error.name' },
      dateOfBirth: {
        initial: '',
        validate: (dob) => checkAdult(dob, status.minAgeYears),
        issueMessage: 'kyc.error.dateOfBirth',
      },
      panNumber: { initial: '', validate: checkPan, issueMessage: 'kyc.error.pan' },
      document: { initial: '', validate: () => documentProblem(file), issueMessage: 'kyc.error.document' },
    },
    codeFields: { KYC_UNDERAGE: 'dateOfBirth', KYC_DOCUMENT_TYPE_INVALID: 'document', KYC_DOCUMENT_TOO_LARGE: 'document' },
    onSubmit: async (v) => {
      if (!file) return;
      try {
        const next = await submitKyc({
          fullName: v.fullName.trim(),
          dateOfBirth: parseDayFirstDate(v.dateOfBirth) ?? '',
          panNumber: v.panNumber.trim().toUpperCase(),
          document: { base64: await fileToBase64(file), fileName: file.name.slice(0, 200) },
        });
        setResourceData(KYC_KEY, next);
        invalidateResources(keyMatches(WITHDRAW_INFO_KEY));
        toast.show(t('kyc.submitted'), { type: 'success' });
      } catch (err) {
        // The server's age and document answers are about one field, in these screens' words.
        const code = (err as { code?: string }).code;
        if (code === 'KYC_UNDERAGE') form.setErrors({ dateOfBirth: { key: 'kyc.error.underAge', params: { age: status.minAgeYears } } });
        else if (code === 'KYC_DOCUMENT_TOO_LARGE') form.setErrors({ document: { key: 'kyc.error.documentSize', params: { max: maxText } } });
        else if (code === 'KYC_DOCUMENT_TYPE_INVALID') form.setErrors({ document: { key: 'kyc.error.documentType' } });
        else {
          const own = ownErrorRef(err);
          if (own) form.setErrors({ form: own });
          else throw err;
        }
      }
    },
  });

  const docError = form.error('document');
  const docErrorId = `${fileId}-error`;
  const docHintId = `${fileId}-hint`;

  return (
    <form className="withdraw__form" noValidate onSubmit={form.onSubmit} aria-label={t('kyc.title')}>
      <TextField label={t('kyc.fullName')} autoComplete="name" {...form.field('fullName')} />
      <TextField label={t('kyc.dateOfBirth')} hint={t('kyc.dateOfBirthHint')} inputMode="numeric" autoComplete="bday" {...form.field('dateOfBirth')} />
      <TextField label={t('kyc.pan')} hint={t('kyc.panHint')} autoCapitalize="characters" autoComplete="off" spellCheck={false} {...form.field('panNumber')} />
      <div className={`field${docError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={fileId}>
          {t('kyc.document')}
        </label>
        {/* The native picker ("Choose File", grey, in the phone's language) stays the control for
            keyboards and screen readers but is drawn by the label around it, in the app's own
            button style and words (the label is its 44 px target). */}
        <label className="button button--ghost kyc-file">
          <input
            // Registered with the form so a bad document gets the focus like any other field.
            ref={(el) => form.field('document').ref(el)}
            id={fileId}
            name="document"
            type="file"
            className="visually-hidden"
            accept={status.documentTypes.join(',')}
            aria-invalid={docError ? true : undefined}
            aria-describedby={[docError ? docErrorId : '', docHintId].filter(Boolean).join(' ')}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              form.setValue('document', chosen?.name ?? '');
              // Type and size are told at once, before the player fills in the rest.
              const problem = documentProblem(chosen);
              if (chosen && problem) form.setErrors({ document: typeof problem === 'string' ? { key: problem } : problem });
            }}
          />
          {file ? t('kyc.documentChange') : t('kyc.documentChoose')}
        </label>
        {docError && (
          <p id={docErrorId} className="field__error" role="alert">
            {docError}
          </p>
        )}
        <p id={docHintId} className="field__hint">
          {t('kyc.documentHint', { max: maxText })}
        </p>
        <p className="withdraw__muted">{file ? t('kyc.documentChosen', { name: file.name, size: formatBytes(file.size) }) : t('kyc.documentNone')}</p>
      </div>
      <FormAlert text={form.error('form')} />
      <SubmitButton className="button button--primary withdraw__submit" busy={form.busy} label={t('kyc.submit')} busyLabel={t('kyc.submitting')} />
    </form>
  );
}
