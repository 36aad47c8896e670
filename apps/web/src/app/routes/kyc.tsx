import { KycPage } from '../../features/wallet/withdraw/kyc-page';

/** Identity check (/wallet/Kyc): status, and the form while none is pending or verified. */
export default function KycRoute() {
  return <KycPage />;
}
