import { AllGames } from '../../features/lobby/all-games';

/** All Games (/home/AllGames?tab=0..7). */
export default function AllGamesRoute() {
  return <AllGames />;
}
