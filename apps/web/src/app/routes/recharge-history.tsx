import { RechargeHistory } from '../../features/deposits/recharge-history';

/** Recharge history (/wallet/RechargeHistory?status=&channel=): past orders with filters. */
export default function RechargeHistoryRoute() {
  return <RechargeHistory />;
}
