import { paths } from '../../config/paths';

/** The payment page of one recharge order (/wallet/Payment?orderId=…). */
export function paymentHref(orderId: string): string {
  return `${paths.payment.getHref()}?${new URLSearchParams({ orderId }).toString()}`;
}

/** The address screen of one USDT order (/wallet/PaymentUsdt?orderId=usdt_…). */
export function usdtPaymentHref(orderId: string): string {
  return `${paths.paymentUsdt.getHref()}?${new URLSearchParams({ orderId }).toString()}`;
}
