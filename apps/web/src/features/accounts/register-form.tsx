import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { returnPathFrom } from '../../lib/return-to';
import { setLoginToken } from '../../lib/session';
import { register, requestRegisterCode, syncLanguage } from './api';
import { RegisterCodeField } from './code-request';
import { AuthForm, AuthPage, PasswordField, PhoneField, useWantedPageOnceLoggedIn } from './form-parts';
import { checkInvite, checkNewPassword, checkOtp, checkPhone, normalisePhone } from './validation';
import './accounts.css';
import './signup-i18n';
import './accounts-i18n';

type Fields = { phone: string; code: string; password: string; inviteCode: string; ageConfirmed: boolean };

/** /register: mobile number, password, the 18+ confirmation and an optional invite code. */
export function RegisterForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ageErrorId = useId();
  const form = useForm<Fields>({
    fields: {
      phone: { initial: '', validate: (v) => checkPhone(normalisePhone(v)), issueMessage: 'accounts.error.phone' },
      code: { initial: '', validate: (v) => checkOtp(v.trim()), issueMessage: 'accounts.error.code' },
      // The server refuses common passwords with a validation issue on this field.
      password: { initial: '', validate: (v) => checkNewPassword(v), issueMessage: 'accounts.error.passwordWeak' },
      // A friend's invite link (/register?invite=CODE) fills the code in; the player may still change it.
      inviteCode: { initial: new URLSearchParams(search).get('invite')?.trim() ?? '', validate: (v) => checkInvite(v.trim()), issueMessage: 'accounts.error.invite' },
      ageConfirmed: { initial: false, validate: (v) => (v ? null : 'accounts.error.age'), issueMessage: 'accounts.error.age' },
    },
    codeFields: { PHONE_ALREADY_REGISTERED: 'phone', OTP_INVALID: 'code', OTP_EXPIRED: 'code', OTP_ATTEMPTS_EXCEEDED: 'code' },
    onSubmit: async ({ phone, code, password, inviteCode }) => {
      const invite = inviteCode.trim();
      const result = await register({ phone: normalisePhone(phone), code: code.trim(), password, ageConfirmed: true, ...(invite && { inviteCode: invite }) });
      setLoginToken(result.token);
      syncLanguage(result.user.language);
      // A new player lands on Home, where the games and the deposit-limit prompt are (decision 479);
      // the redirect below, which follows the session as it changes, goes there too.
      navigate(returnPathFrom(search, paths.home.path), { replace: true });
    },
  });
  const ageError = form.error('ageConfirmed');

  const leave = useWantedPageOnceLoggedIn(form.busy, paths.home.path);
  if (leave) return leave;

  return (
    <AuthPage title={t('register.title')} backTo={paths.home.path}>
      <AuthForm intro={t('register.intro')} onSubmit={form.onSubmit}>
        <PhoneField {...form.field('phone')} />
        <RegisterCodeField
          request={() => {
            // The code goes to the number in the form: check it first and say why when it is bad.
            form.checkField('phone');
            const bare = normalisePhone(form.values.phone);
            return checkPhone(bare) ? null : bare;
          }}
          send={requestRegisterCode}
          onFailed={form.showServerError}
          field={form.field('code')}
        />
        <PasswordField {...form.field('password')} isNew />
        <TextField label={t('register.invite')} autoComplete="off" {...form.field('inviteCode')} />
        <div className={`check${ageError ? ' check--invalid' : ''}`}>
          <label className="check__label">
            <input type="checkbox" {...form.checkbox('ageConfirmed')} aria-describedby={ageError ? ageErrorId : undefined} />
            <span>{t('register.age')}</span>
          </label>
          {ageError && (
            <p id={ageErrorId} className="field__error" role="alert">
              {ageError}
            </p>
          )}
        </div>
        <FormAlert className="auth__form-error" text={form.error('form')} />
        <SubmitButton className="auth__submit" busy={form.busy} label={t('register.submit')} busyLabel={t('register.submitting')} />
        <p className="auth__links">
          {t('register.haveAccount')} <Link to={{ pathname: paths.login.path, search }}>{t('register.toLogin')}</Link>
        </p>
      </AuthForm>
    </AuthPage>
  );
}
