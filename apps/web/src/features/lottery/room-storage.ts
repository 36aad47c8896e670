import type { LotteryRoomId, WingoRoomId } from '@colorplay/contract';
import { LOTTERY_ROOM_IDS, WINGO_ROOM_IDS } from '@colorplay/contract/lottery-constants';
import type { ScreenGame } from './api';

/** Where the last room chosen in a game is kept, so the next visit opens it again. */
const storageKey = (game: ScreenGame) => `colorplay.${game}.room`;
export const ROOM_STORAGE_KEY = storageKey('wingo');

/** The room chosen last for this game on this device; when none or unknown, Wingo's 30s (the spec's default) or the others' 1m. */
export function storedRoom(): WingoRoomId;
export function storedRoom(game: ScreenGame): LotteryRoomId;
export function storedRoom(game: ScreenGame = 'wingo'): string {
  const [rooms, fallback] = game === 'wingo' ? [WINGO_ROOM_IDS as readonly string[], '30s'] : [LOTTERY_ROOM_IDS as readonly string[], '1m'];
  try {
    const value = localStorage.getItem(storageKey(game));
    return rooms.includes(value ?? '') ? value! : fallback;
  } catch {
    return fallback;
  }
}

export function rememberRoom(room: string, game: ScreenGame = 'wingo'): void {
  try {
    localStorage.setItem(storageKey(game), room);
  } catch {
    // Storage may be off (private mode): the room is then only kept for this visit.
  }
}
