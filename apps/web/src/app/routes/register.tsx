import { RegisterForm } from '../../features/accounts/register-form';

/** Register (/register). */
export default function RegisterRoute() {
  return <RegisterForm />;
}
