import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { requestResetCode, resetPassword, type SandboxSms } from './api';
import { SandboxSmsView, sandboxSmsFor, useCountdown } from './code-request';
import { AuthForm, AuthPage, PasswordField, PhoneField } from './form-parts';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { checkNewPassword, checkOtp, checkPhone, normalisePhone } from './validation';
import './accounts.css';
import './signup-i18n';
import './accounts-i18n';

/**
 * /rpwd: ask for a 6-digit code by SMS, then set a new password with it. The resend button
 * waits out the server's 60 s cooldown. With the sandbox SMS channel the message a phone would
 * have received is shown on the page, labelled as such.
 */
export function ResetPasswordForm() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [validMinutes, setValidMinutes] = useState(5);
  const [resending, setResending] = useState(false);
  const [sandboxSms, setSandboxSms] = useState<SandboxSms | null>(null);
  const { secondsLeft: resendIn, start: startCooldown } = useCountdown();

  /** Asks for a code; throws the server's refusal for the form system to show. */
  const sendCode = async (target: string) => {
    const sent = await requestResetCode(target);
    setSentTo(target);
    setValidMinutes(Math.round(sent.expiresInSeconds / 60));
    startCooldown(sent.resendAfterSeconds);
    setSandboxSms(await sandboxSmsFor(sent));
  };

  const request = useForm<{ phone: string }>({
    fields: { phone: { initial: '', validate: (v) => checkPhone(normalisePhone(v)), issueMessage: 'accounts.error.phone' } },
    onSubmit: ({ phone }) => sendCode(normalisePhone(phone)),
  });

  const reset = useForm<{ code: string; newPassword: string }>({
    fields: {
      code: { initial: '', validate: (v) => checkOtp(v.trim()), issueMessage: 'accounts.error.code' },
      newPassword: { initial: '', validate: (v) => checkNewPassword(v), issueMessage: 'accounts.error.passwordWeak' },
    },
    codeFields: { OTP_INVALID: 'code', OTP_EXPIRED: 'code', OTP_ATTEMPTS_EXCEEDED: 'code' },
    onSubmit: async ({ code, newPassword }) => {
      if (sentTo === null) return;
      await resetPassword(sentTo, code.trim(), newPassword);
      toast.show(t('rpwd.done'), { type: 'success', durationMs: 4000 });
      navigate(paths.login.path, { replace: true });
    },
  });

  const resend = async (target: string) => {
    if (resending) return;
    setResending(true);
    try {
      await sendCode(target);
    } catch (err) {
      reset.showServerError(err);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthPage title={t('rpwd.title')} backTo={paths.login.path}>
      {sentTo === null ? (
        <AuthForm intro={t('rpwd.intro')} onSubmit={request.onSubmit}>
          <PhoneField {...request.field('phone')} />
          <FormAlert className="auth__form-error" text={request.error('form')} />
          <SubmitButton className="auth__submit" busy={request.busy} label={t('rpwd.sendCode')} busyLabel={t('rpwd.sending')} />
        </AuthForm>
      ) : (
        <AuthForm intro={t('rpwd.codeSent', { phone: sentTo, minutes: validMinutes })} announceIntro onSubmit={reset.onSubmit}>
          {sandboxSms && <SandboxSmsView sms={sandboxSms} phone={sentTo} />}
          <TextField label={t('rpwd.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...reset.field('code')} />
          <PasswordField label={t('accounts.newPassword')} isNew {...reset.field('newPassword')} />
          <FormAlert className="auth__form-error" text={reset.error('form')} />
          <SubmitButton className="auth__submit" busy={reset.busy} label={t('rpwd.submit')} busyLabel={t('rpwd.submitting')} />
          <button type="button" className="auth__secondary" disabled={reset.busy || resending || resendIn > 0} onClick={() => void resend(sentTo)}>
            {resendIn > 0 ? t('rpwd.resendIn', { seconds: resendIn }) : t('rpwd.resend')}
          </button>
        </AuthForm>
      )}
      <p className="auth__links">
        <Link to={paths.login.path}>{t('rpwd.backToLogin')}</Link>
      </p>
    </AuthPage>
  );
}
