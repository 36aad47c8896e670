import { StatisticsPage } from '../../features/statistics/statistics-page';

/** Account › Statistics (/main/Statistics; decision 459). */
export default function StatisticsRoute() {
  return <StatisticsPage />;
}
