import { WithdrawPage } from '../../features/wallet/withdraw/withdraw-page';

/** Withdraw (/wallet/Withdraw): what can go now, payout methods, amount; KYC first if needed. */
export default function WithdrawRoute() {
  return <WithdrawPage />;
}
