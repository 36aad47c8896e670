import { paths } from '../../config/paths';

/**
 * The payment page of one recharge order (/wallet/Payment?orderId=…): the UPI payment page for a
 * `dep_` order, the USDT address screen for a `usdt_` order (one route; the page picks).
 */
export function paymentHref(orderId: string): string {
  return `${paths.payment.getHref()}?${new URLSearchParams({ orderId }).toString()}`;
}

