import { useMatch } from 'react-router';
import { paths } from '../../config/paths';
import { KycPage } from '../../features/wallet/withdraw/kyc-page';
import { WithdrawHistory } from '../../features/wallet/withdraw/withdraw-history';
import { WithdrawPage } from '../../features/wallet/withdraw/withdraw-page';

/**
 * The withdrawal screens (issue 13), one lazy chunk for three routes: /wallet/Withdraw (what can
 * go now, payout methods, amount), /wallet/Kyc (the identity check) and /wallet/WithdrawHistory
 * (live statuses, cancel). One chunk rather than three because each lazy route costs `/` its
 * import and preload list in the entry, whose budget is full (decision 160).
 */
export default function WithdrawalsRoute() {
  const kyc = useMatch(paths.kyc.path);
  const history = useMatch(paths.withdrawHistory.path);
  if (kyc) return <KycPage />;
  if (history) return <WithdrawHistory />;
  return <WithdrawPage />;
}
