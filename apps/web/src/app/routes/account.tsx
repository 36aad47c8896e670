import { AccountPage } from '../../features/accounts/account-page';

/** Account page (/main), with the bottom navigation. */
export default function AccountRoute() {
  return <AccountPage />;
}
