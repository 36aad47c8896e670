import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { requestResetCode, resetPassword, type SandboxSms } from './api';
import { sandboxSmsFor, SandboxSmsView, useCountdown } from './code-request';
import { formErrorsFrom } from './auth-errors';
import { AuthForm, AuthPage, FormAlert, PasswordField, PhoneField, SubmitButton } from './form-parts';
import { TextField } from '../../components/ui/text-field';
import { useFormErrors } from './use-form-errors';
import { checkNewPassword, checkOtp, checkPhone, normalisePhone } from './validation';
import './accounts.css';

type Field = 'phone' | 'code' | 'newPassword';

/**
 * /rpwd: ask for a 6-digit code by SMS, then set a new password with it. The resend button
 * waits out the server's 60 s cooldown. With the sandbox SMS channel the message a phone would
 * have received is shown on the page, labelled as such, read with the request's one-time handle.
 */
export function ResetPasswordForm() {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [validMinutes, setValidMinutes] = useState(5);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [sandboxSms, setSandboxSms] = useState<SandboxSms | null>(null);
  const { setErrors, text } = useFormErrors<Field>();
  const { secondsLeft: resendIn, start: startCooldown } = useCountdown();

  const sendCode = async (target: string) => {
    setBusy(true);
    try {
      const sent = await requestResetCode(target);
      setSentTo(target);
      setValidMinutes(Math.round(sent.expiresInSeconds / 60));
      startCooldown(sent.resendAfterSeconds);
      setErrors({});
      setSandboxSms(await sandboxSmsFor(sent));
    } catch (err) {
      setErrors(formErrorsFrom<Field>(err, { phone: 'accounts.error.phone' }));
    } finally {
      setBusy(false);
    }
  };

  const onRequest = () => {
    if (busy) return;
    const bare = normalisePhone(phone);
    const phoneError = checkPhone(bare);
    if (phoneError) {
      setErrors({ phone: { key: phoneError } });
      return;
    }
    void sendCode(bare);
  };

  const onReset = async () => {
    if (busy || sentTo === null) return;
    const codeError = checkOtp(code.trim());
    const passwordError = checkNewPassword(newPassword);
    if (codeError || passwordError) {
      setErrors({ ...(codeError && { code: { key: codeError } }), ...(passwordError && { newPassword: { key: passwordError } }) });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await resetPassword(sentTo, code.trim(), newPassword);
      toast.show(t('rpwd.done'), { type: 'success', durationMs: 4000 });
      navigate(paths.login.path, { replace: true });
    } catch (err) {
      setErrors(formErrorsFrom<Field>(err, { code: 'accounts.error.code', newPassword: 'accounts.error.passwordWeak', phone: 'accounts.error.phone' }));
      setBusy(false);
    }
  };

  return (
    <AuthPage title={t('rpwd.title')} backTo={paths.login.path}>
      {sentTo === null ? (
        <AuthForm intro={t('rpwd.intro')} onSubmit={onRequest}>
          <PhoneField value={phone} onChange={setPhone} error={text('phone')} />
          <FormAlert text={text('form')} />
          <SubmitButton busy={busy} label={t('rpwd.sendCode')} busyLabel={t('rpwd.sending')} />
        </AuthForm>
      ) : (
        <AuthForm intro={t('rpwd.codeSent', { phone: sentTo, minutes: validMinutes })} announceIntro onSubmit={onReset}>
          {sandboxSms && <SandboxSmsView sms={sandboxSms} phone={sentTo} />}
          <TextField
            label={t('rpwd.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            name="code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={text('code')}
          />
          <PasswordField name="newPassword" label={t('accounts.newPassword')} value={newPassword} onChange={setNewPassword} error={text('newPassword')} isNew />
          <FormAlert text={text('form')} />
          <SubmitButton busy={busy} label={t('rpwd.submit')} busyLabel={t('rpwd.submitting')} />
          <button type="button" className="auth__secondary" disabled={busy || resendIn > 0} onClick={() => void sendCode(sentTo)}>
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
