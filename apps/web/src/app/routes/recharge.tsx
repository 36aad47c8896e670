import { DepositLimitPrompt } from '../../features/safety/deposit-limit-prompt';
import { RechargeForm } from '../../features/deposits/recharge-form';

/**
 * Recharge (/wallet/Recharge): channel, amount, then the payment page of the new order. Above
 * the form, until answered, the prompt to set a deposit limit (decision 210).
 */
export default function RechargeRoute() {
  return (
    <>
      <DepositLimitPrompt />
      <RechargeForm />
    </>
  );
}
