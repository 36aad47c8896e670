import { useSearchParams } from 'react-router';
import { PaymentView } from '../../features/deposits/payment-view';
import { UsdtPaymentView } from '../../features/deposits/usdt-payment-view';

/**
 * Payment (/wallet/Payment?orderId=…): pay one recharge order and watch its status; a UPI order
 * (`dep_`) gets the UPI payment page, a USDT order (`usdt_`) the address screen. Both live in this
 * route's chunk, so neither `/` nor its route table grows by a chunk of their own (decision 135).
 */
export default function PaymentRoute() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId');
  // Keyed by order, so moving from one order to another starts with a clean page.
  if (orderId?.startsWith('usdt_')) return <UsdtPaymentView key={orderId} orderId={orderId} />;
  return <PaymentView key={orderId ?? ''} orderId={orderId || null} />;
}
