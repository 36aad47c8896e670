import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { returnPathFrom } from '../../lib/return-to';
import { setLoginToken } from '../../lib/session';
import { login } from './api';
import { formErrorsFrom } from './auth-errors';
import { AuthForm, AuthPage, FormAlert, PasswordField, PhoneField, SubmitButton, useWantedPageOnceLoggedIn } from './form-parts';
import { useFormErrors } from './use-form-errors';
import { checkLoginPassword, checkPhone, normalisePhone } from './validation';
import './accounts.css';

type Field = 'phone' | 'password';

/** /login: mobile number and password; afterwards back to the page the player wanted. */
export function LoginForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { setErrors, text } = useFormErrors<Field>();

  const onSubmit = async () => {
    if (submitting) return;
    const bare = normalisePhone(phone);
    const phoneError = checkPhone(bare);
    const passwordError = checkLoginPassword(password);
    if (phoneError || passwordError) {
      setErrors({ ...(phoneError && { phone: { key: phoneError } }), ...(passwordError && { password: { key: passwordError } }) });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const result = await login(bare, password);
      setLoginToken(result.token);
      navigate(returnPathFrom(search, paths.account.path), { replace: true });
    } catch (err) {
      setErrors(formErrorsFrom<Field>(err, { phone: 'accounts.error.phone', password: 'accounts.error.passwordRequired' }));
      setSubmitting(false);
    }
  };

  const leave = useWantedPageOnceLoggedIn(submitting);
  if (leave) return leave;

  return (
    <AuthPage title={t('login.title')} backTo={paths.home.path}>
      <AuthForm intro={t('login.intro')} onSubmit={onSubmit}>
        <PhoneField value={phone} onChange={setPhone} error={text('phone')} />
        <PasswordField value={password} onChange={setPassword} error={text('password')} isNew={false} />
        <FormAlert text={text('form')} />
        <SubmitButton busy={submitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
        <p className="auth__links">
          <Link to={paths.resetPassword.path}>{t('login.forgot')}</Link>
        </p>
        <p className="auth__links">
          {t('login.noAccount')} <Link to={{ pathname: paths.register.path, search }}>{t('login.toRegister')}</Link>
        </p>
      </AuthForm>
    </AuthPage>
  );
}
