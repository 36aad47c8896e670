import type { WingoRoomId } from '@colorplay/contract';
import { WINGO_ROOM_IDS } from '@colorplay/contract/lottery-constants';

/** Where the last room chosen is kept, so the next visit opens it again. */
export const ROOM_STORAGE_KEY = 'colorplay.wingo.room';

/** The room chosen last on this device, or 30s (the spec's default) when none or unknown. */
export function storedRoom(): WingoRoomId {
  try {
    const value = localStorage.getItem(ROOM_STORAGE_KEY);
    return (WINGO_ROOM_IDS as readonly string[]).includes(value ?? '') ? (value as WingoRoomId) : '30s';
  } catch {
    return '30s';
  }
}

export function rememberRoom(room: WingoRoomId): void {
  try {
    localStorage.setItem(ROOM_STORAGE_KEY, room);
  } catch {
    // Storage may be off (private mode): the room is then only kept for this visit.
  }
}
