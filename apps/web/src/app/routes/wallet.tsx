import { useMatch } from 'react-router';
import { paths } from '../../config/paths';
import { WalletOverview } from '../../features/wallet/wallet-overview';
import { KycPage } from '../../features/withdrawals/kyc-page';
import { WithdrawHistory } from '../../features/withdrawals/withdraw-history';
import { WithdrawPage } from '../../features/withdrawals/withdraw-page';

/** Wallet (/wallet): balances, transfer to main wallet, links to recharge and history. */
export default function WalletRoute() {
  return <WalletOverview />;
}

/**
 * The withdrawal screens (decision 161): /wallet/Withdraw (what can go now, payout methods, amount),
 * /wallet/Kyc (the identity check) and /wallet/WithdrawHistory (live statuses, cancel). They load
 * with the wallet page, in its chunk: each lazy chunk costs `/` its import and preload list in
 * the entry, whose budget is full (decision 160).
 */
export function WithdrawalsRoute() {
  const kyc = useMatch(paths.kyc.path);
  const history = useMatch(paths.withdrawHistory.path);
  if (kyc) return <KycPage />;
  if (history) return <WithdrawHistory />;
  return <WithdrawPage />;
}
