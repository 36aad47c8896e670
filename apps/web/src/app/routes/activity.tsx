import { ActivityPage } from '../../features/promotions/activity-page';

/** The Activity tab (/activity, docs/promotions.md), with the bottom navigation; its own chunk. */
export default function ActivityRoute() {
  return <ActivityPage />;
}
