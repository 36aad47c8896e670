import { ResetPasswordForm } from '../../features/accounts/reset-password-form';

/** Forgot password (/rpwd). */
export default function ResetPasswordRoute() {
  return <ResetPasswordForm />;
}
