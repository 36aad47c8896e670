import type { GameTile } from '@colorplay/contract';
import { Link } from 'react-router';
import { useToast } from '../../components/ui/toast';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';
import './i18n';

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
 * The lottery cards' subtitles, by tile id, in the reader's language: the catalog carries them in
 * English only (decision 478); a card not listed keeps the catalog's text.
 */
const CARD_TEXT: Partial<Record<string, PlainMessageKey>> = {
  'lottery-wingo': 'lobby.cardColours',
  'lottery-trxwin': 'lobby.cardColours',
  'lottery-k3': 'lobby.cardBigSmall',
  'lottery-5d': 'lobby.cardBigSmall',
};

/**
 * One tile of the lobby. A clickable game is a button that launches (or says it is under
 * maintenance); an info card with an address (Win Go) is a link, on home and in All Games alike;
 * a tile without a game yet (sports, rummy, some fishing) wears a visible "Coming soon" and is a
 * button whose tap says so in a toast, so a tap is never met with silence (decision 478). The
 * image is decorative (the title is printed beside it, so alt is empty) and lazy, with its size
 * set so nothing shifts.
 */
export function GameTileView({ tile, onLaunch, showOdds = false }: GameTileViewProps) {
  const { t } = useI18n();
  const toast = useToast();
  const cardText = CARD_TEXT[tile.id];
  const description = cardText ? t(cardText) : tile.description;
  const texts = (
    <>
      <span className="game-tile__title">{tile.title}</span>
      {description && <span className="game-tile__text">{description}</span>}
    </>
  );
  const body = (
    <>
      <span className="game-tile__art">
        <img className="game-tile__image" src={tile.image} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async" />
        {!tile.clickable && <span className="game-tile__soon">{t('lobby.comingSoon')}</span>}
      </span>
      {/* A lottery card sets its name and subtitle beside its art, not under it. */}
      {tile.kind === 'info' ? <span className="game-tile__info">{texts}</span> : texts}
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
  if (!tile.clickable) {
    return (
      <button type="button" className={`${className} game-tile--soon`} onClick={() => toast.show(t('lobby.comingSoonTap', { title: tile.title }))}>
        {body}
      </button>
    );
  }
  return <div className={className}>{body}</div>;
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
