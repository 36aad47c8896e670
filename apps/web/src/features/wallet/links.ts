import { paths } from '../../config/paths';

/** The payment page of one recharge order (/wallet/Payment?orderId=…). */
export function paymentHref(orderId: string): string {
  return `${paths.payment.getHref()}?${new URLSearchParams({ orderId }).toString()}`;
}
