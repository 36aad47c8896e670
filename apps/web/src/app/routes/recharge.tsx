import { RechargeForm } from '../../features/wallet/recharge-form';

/** Recharge (/wallet/Recharge): channel, amount, then the payment page of the new order. */
export default function RechargeRoute() {
  return <RechargeForm />;
}
