import { WithdrawHistory } from '../../features/wallet/withdraw/withdraw-history';

/** Withdrawal history (/wallet/WithdrawHistory): statuses that update on their own, cancel. */
export default function WithdrawHistoryRoute() {
  return <WithdrawHistory />;
}
