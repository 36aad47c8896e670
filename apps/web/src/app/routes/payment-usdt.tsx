import { useSearchParams } from 'react-router';
import { UsdtPaymentView } from '../../features/wallet/usdt-payment-view';

/** USDT payment (/wallet/PaymentUsdt?orderId=usdt_…): send USDT for one order and watch it confirm. */
export default function PaymentUsdtRoute() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId');
  // Keyed by order, so moving from one order to another starts with a clean page.
  return <UsdtPaymentView key={orderId ?? ''} orderId={orderId || null} />;
}
