import { useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { categoryGamesResource } from './api';
import { GameGrid } from './game-tile';
import { LoadState } from './load-state';
import { useLaunchGame } from './use-launch-game';
import './lobby.css';
import './i18n';

/**
 * Home's lottery section (Win Go leads to its screen) and popular games, from the API. Its own
 * chunk, loaded after home's first render, so `/` stays inside its JS budget (decision 014): the
 * resource layer, the tiles and the launcher are not needed to paint the top of home.
 */
export default function HomeGames() {
  const { t } = useI18n();
  const { launch, dialog } = useLaunchGame();
  const lotteryId = useId();
  const popularId = useId();
  const lottery = useResource(categoryGamesResource('lottery'));
  const popular = useResource(categoryGamesResource('popular'));
  return (
    <>
      <section className="home__section home-games" aria-labelledby={lotteryId}>
        <h2 id={lotteryId} className="lobby-heading">
          {t('lobby.lottery')}
        </h2>
        {lottery.data ? (
          <GameGrid tiles={lottery.data} onLaunch={launch} />
        ) : (
          <LoadState error={lottery.error} onRetry={lottery.reload} />
        )}
      </section>
      <section className="home__section home-games" aria-labelledby={popularId}>
        <h2 id={popularId} className="lobby-heading">
          {t('lobby.popularGames')}
        </h2>
        {popular.data ? (
          <GameGrid tiles={popular.data} onLaunch={launch} showOdds />
        ) : (
          <LoadState error={popular.error} onRetry={popular.reload} />
        )}
      </section>
      {dialog}
    </>
  );
}
