import { VipPage } from '../../features/promotions/vip-page';

/** Activity › VIP (/activity/vip; decision 546): its own lazy chunk. */
export default function VipRoute() {
  return <VipPage />;
}
