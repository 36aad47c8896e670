import type { GameTile } from '@colorplay/contract';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';

/** Every catalog image is drawn on a 100 x 120 grid; the attributes reserve its box before it loads. */
const IMAGE_WIDTH = 100;
const IMAGE_HEIGHT = 120;

export interface GameTileViewProps {
  tile: GameTile;
  /** Starts a launch (useLaunchGame); called with the tile's game id, empty when under maintenance. */
  onLaunch: (gameId: string) => void;
  /** Shows the 'odds of winning' percentage and its bar (Popular). */
  showOdds?: boolean;
}

/**
 * One tile of the lobby. A clickable game is a button that launches (or says it is under
 * maintenance); an info card with an address (Win Go) is a link, on home and in All Games alike;
 * fishing, sports and rummy tiles (and any lottery card without a game yet) are
 * not interactive at all: no control is announced, no press effect, and a visible "Coming soon"
 * says why a tap does nothing (decision 261). The image is decorative (the title is printed beside
 * it, so alt is empty) and lazy, with its size set so nothing shifts.
 */
export function GameTileView({ tile, onLaunch, showOdds = false }: GameTileViewProps) {
  const { t } = useI18n();
  const body = (
    <>
      <span className="game-tile__art">
        <img className="game-tile__image" src={tile.image} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async" />
        {!tile.clickable && <span className="game-tile__soon">{t('lobby.comingSoon')}</span>}
      </span>
      <span className="game-tile__title">{tile.title}</span>
      {tile.description && <span className="game-tile__text">{tile.description}</span>}
      {showOdds && tile.odds && tile.rtpPercent !== null && (
        <span className="game-tile__odds">
          <span className="game-tile__odds-label">
            {t('lobby.odds')} {tile.odds}
          </span>
          <span className="game-tile__bar" aria-hidden="true">
            <span className="game-tile__bar-fill" style={{ width: `${Math.min(100, Math.max(0, tile.rtpPercent))}%` }} />
          </span>
        </span>
      )}
    </>
  );
  const className = `game-tile game-tile--${tile.kind}`;
  if (tile.kind === 'game' && tile.clickable) {
    return (
      <button type="button" className={className} onClick={() => onLaunch(tile.gameUid)}>
        {body}
      </button>
    );
  }
  if (tile.clickable && tile.href) {
    return (
      <Link to={tile.href} className={className}>
        {body}
      </Link>
    );
  }
  return <div className={`${className}${tile.clickable ? '' : ' game-tile--soon'}`}>{body}</div>;
}

/** A grid of tiles as a list, so a screen reader says how many there are. */
export function GameGrid({ tiles, label, ...rest }: { tiles: readonly GameTile[]; label?: string } & Omit<GameTileViewProps, 'tile'>) {
  return (
    <ul className={`game-grid game-grid--${tiles[0]?.kind ?? 'game'}`} aria-label={label}>
      {tiles.map((tile) => (
        <li key={tile.id}>
          <GameTileView tile={tile} {...rest} />
        </li>
      ))}
    </ul>
  );
}
