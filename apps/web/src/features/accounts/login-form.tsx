import { Link, useLocation, useNavigate } from 'react-router';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { returnPathFrom } from '../../lib/return-to';
import { setLoginToken } from '../../lib/session';
import { login, syncLanguage } from './api';
import { AuthForm, AuthPage, PasswordField, PhoneField, useWantedPageOnceLoggedIn } from './form-parts';
import { checkLoginPassword, checkPhone, normalisePhone } from './validation';
import './accounts.css';
import './accounts-i18n';

/** /login: mobile number and password; afterwards back to the page the player wanted. */
export function LoginForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useForm<{ phone: string; password: string }>({
    fields: {
      phone: { initial: '', validate: (v: string) => checkPhone(normalisePhone(v)), issueMessage: 'accounts.error.phone' },
      password: { initial: '', validate: (v: string) => checkLoginPassword(v), issueMessage: 'accounts.error.passwordRequired' },
    },
    onSubmit: async ({ phone, password }) => {
      const result = await login(normalisePhone(phone), password);
      setLoginToken(result.token);
      syncLanguage(result.user.language);
      navigate(returnPathFrom(search, paths.account.path), { replace: true });
    },
  });

  const leave = useWantedPageOnceLoggedIn(form.busy);
  if (leave) return leave;

  return (
    <AuthPage title={t('login.title')} backTo={paths.home.path}>
      <AuthForm intro={t('login.intro')} onSubmit={form.onSubmit}>
        <PhoneField {...form.field('phone')} />
        <PasswordField {...form.field('password')} isNew={false} />
        <FormAlert className="auth__form-error" text={form.error('form')} />
        <SubmitButton className="auth__submit" busy={form.busy} label={t('login.submit')} busyLabel={t('login.submitting')} />
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
