import { FirstDepositActivityCard } from '../../features/deposits/first-deposit-activity-card';
import { ActivityPage } from '../../features/promotions/activity-page';

/**
 * The Activity tab (/activity, docs/promotions.md), with the bottom navigation; its own chunk. The
 * first-deposit offer lives with the recharge (deposits): the route, which may import both features,
 * puts it first among the offers.
 */
export default function ActivityRoute() {
  return <ActivityPage extraOffers={[FirstDepositActivityCard]} />;
}
