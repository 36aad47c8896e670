import { useSearchParams } from 'react-router';
import { PaymentView } from '../../features/wallet/payment-view';

/** Payment (/wallet/Payment?orderId=dep_…): pay one recharge order and watch its status. */
export default function PaymentRoute() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId');
  // Keyed by order, so moving from one order to another starts with a clean page.
  return <PaymentView key={orderId ?? ''} orderId={orderId || null} />;
}
