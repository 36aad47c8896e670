import { LoginForm } from '../../features/accounts/login-form';

/** Login (/login). */
export default function LoginRoute() {
  return <LoginForm />;
}
