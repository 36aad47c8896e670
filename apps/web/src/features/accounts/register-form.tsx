import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { returnPathFrom } from '../../lib/return-to';
import { setLoginToken } from '../../lib/session';
import { register, requestRegisterCode } from './api';
import { RegisterCodeField } from './code-request';
import { formErrorsFrom, type FormErrors } from './auth-errors';
import { AuthForm, AuthPage, FormAlert, PasswordField, PhoneField, SubmitButton, useWantedPageOnceLoggedIn } from './form-parts';
import { TextField } from '../../components/ui/text-field';
import { useFormErrors } from './use-form-errors';
import { checkInvite, checkNewPassword, checkOtp, checkPhone, normalisePhone } from './validation';
import './accounts.css';

type Field = 'phone' | 'code' | 'password' | 'ageConfirmed' | 'inviteCode';

/**
 * /register: mobile number, the code sent to it by SMS (proving the player holds the phone),
 * password, the 18+ confirmation and an optional invite code.
 */
export function RegisterForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ageErrorId = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [adult, setAdult] = useState(false);
  const [invite, setInvite] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { setErrors, text } = useFormErrors<Field>();

  const onSubmit = async () => {
    if (submitting) return;
    const bare = normalisePhone(phone);
    const inviteCode = invite.trim();
    const found: FormErrors<Field> = {};
    const phoneError = checkPhone(bare);
    const passwordError = checkNewPassword(password);
    const inviteError = checkInvite(inviteCode);
    if (phoneError) found.phone = { key: phoneError };
    const codeError = checkOtp(code.trim());
    if (codeError) found.code = { key: codeError };
    if (passwordError) found.password = { key: passwordError };
    if (!adult) found.ageConfirmed = { key: 'accounts.error.age' };
    if (inviteError) found.inviteCode = { key: inviteError };
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setSubmitting(true);
    try {
      const result = await register({ phone: bare, code: code.trim(), password, ageConfirmed: true, ...(inviteCode && { inviteCode }) });
      setLoginToken(result.token);
      navigate(returnPathFrom(search, paths.account.path), { replace: true });
    } catch (err) {
      setErrors(
        formErrorsFrom<Field>(err, {
          phone: 'accounts.error.phone',
          code: 'accounts.error.code',
          // The server refuses common passwords with a validation issue on this field.
          password: 'accounts.error.passwordWeak',
          ageConfirmed: 'accounts.error.age',
          inviteCode: 'accounts.error.invite',
        }),
      );
      setSubmitting(false);
    }
  };

  const leave = useWantedPageOnceLoggedIn(submitting);
  if (leave) return leave;

  return (
    <AuthPage title={t('register.title')} backTo={paths.home.path}>
      <AuthForm intro={t('register.intro')} onSubmit={onSubmit}>
        <PhoneField value={phone} onChange={setPhone} error={text('phone')} />
        <RegisterCodeField
          request={() => {
            const bare = normalisePhone(phone);
            const phoneError = checkPhone(bare);
            setErrors(phoneError ? { phone: { key: phoneError } } : {});
            return phoneError ? null : bare;
          }}
          send={requestRegisterCode}
          onFailed={(err) => setErrors(formErrorsFrom<Field>(err, { phone: 'accounts.error.phone' }))}
          value={code}
          onChange={setCode}
          error={text('code')}
        />
        <PasswordField value={password} onChange={setPassword} error={text('password')} isNew />
        <TextField
          label={t('register.invite')}
          name="inviteCode"
          autoComplete="off"
          value={invite}
          onChange={(e) => setInvite(e.target.value)}
          error={text('inviteCode')}
        />
        <div className={`check${text('ageConfirmed') ? ' check--invalid' : ''}`}>
          <label className="check__label">
            <input
              type="checkbox"
              checked={adult}
              onChange={(e) => setAdult(e.target.checked)}
              aria-invalid={text('ageConfirmed') ? true : undefined}
              aria-describedby={text('ageConfirmed') ? ageErrorId : undefined}
            />
            <span>{t('register.age')}</span>
          </label>
          {text('ageConfirmed') && (
            <p id={ageErrorId} className="field__error">
              {text('ageConfirmed')}
            </p>
          )}
        </div>
        <FormAlert text={text('form')} />
        <SubmitButton busy={submitting} label={t('register.submit')} busyLabel={t('register.submitting')} />
        <p className="auth__links">
          {t('register.haveAccount')} <Link to={{ pathname: paths.login.path, search }}>{t('register.toLogin')}</Link>
        </p>
      </AuthForm>
    </AuthPage>
  );
}
