import { useToast } from '../../components/ui/toast';
import { FormAlert, SubmitButton, useForm } from '../../components/ui/form';
import { useI18n } from '../../lib/i18n';
import { changePassword } from './api';
import { PasswordField } from './form-parts';
import { checkLoginPassword, checkNewPassword } from './validation';
import './accounts-i18n';

/**
 * The account page's password change (decision 404): the current password, then a new one under
 * the registration rules. The server ends every other session of the player; this one stays, so
 * the form only empties itself and says so.
 */
export function ChangePasswordForm() {
  const { t } = useI18n();
  const toast = useToast();
  const form = useForm<{ currentPassword: string; newPassword: string }>({
    fields: {
      currentPassword: { initial: '', validate: (v) => checkLoginPassword(v) },
      newPassword: { initial: '', validate: (v) => checkNewPassword(v), issueMessage: 'accounts.error.passwordWeak' },
    },
    codeFields: { CURRENT_PASSWORD_WRONG: 'currentPassword' },
    onSubmit: async ({ currentPassword, newPassword }) => {
      await changePassword(currentPassword, newPassword);
      form.setValue('currentPassword', '');
      form.setValue('newPassword', '');
      toast.show(t('accountMenu.password.done'), { type: 'success', durationMs: 4000 });
    },
  });

  return (
    <section className="account__password" aria-labelledby="account-password-label">
      <h2 id="account-password-label" className="account-menu__title">
        {t('accountMenu.password.title')}
      </h2>
      <form className="auth__form" noValidate onSubmit={form.onSubmit}>
        <p className="auth__intro">{t('accountMenu.password.intro')}</p>
        <PasswordField label={t('accountMenu.password.current')} isNew={false} {...form.field('currentPassword')} />
        <PasswordField label={t('accountMenu.password.new')} isNew {...form.field('newPassword')} />
        <FormAlert className="auth__form-error" text={form.error('form')} />
        <SubmitButton className="auth__submit" busy={form.busy} label={t('accountMenu.password.submit')} busyLabel={t('accountMenu.password.submitting')} />
      </form>
    </section>
  );
}
