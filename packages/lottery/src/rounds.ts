/**
 * Round timing for any room of any lottery game: pure functions of a time in milliseconds since
 * the Unix epoch, which the caller reads from its own clock (decision 073).
 *
 * - Rounds are contiguous: each round opens when the one before draws.
 * - Rounds are aligned to midnight in India Standard Time (UTC+05:30, no daylight saving): a
 *   room's round length divides 24 h, so the day's last round draws exactly at IST midnight
 *   and the next day's round 0001 opens at that instant.
 * - Betting is open from a round's open time until lockMs before its draw; it is locked for the
 *   last lockMs (5 s), then the round draws.
 * - Period = IST date YYYYMMDD + room code + sequence of the day, zero-padded (0001 is the
 *   round opening at 00:00 IST). The 30 s room has 2880 rounds a day, 0001 to 2880.
 */

export const IST_OFFSET_MS = 19_800_000; // +05:30
export const DAY_MS = 86_400_000;

export interface Room {
  /** Stable id of the room ("30s", "1m", ...). */
  readonly id: string;
  /** Digits that identify the room inside a period number. */
  readonly code: string;
  readonly roundMs: number;
  /** Betting closes this long before the draw. */
  readonly lockMs: number;
  readonly roundsPerDay: number;
  /** Width of the zero-padded sequence in a period (at least 4). */
  readonly sequenceDigits: number;
}

/** A room, checked: the round length must divide a day, and the lock must leave time to bet. */
export function defineRoom(id: string, code: string, roundMs: number, lockMs: number): Room {
  if (!/^\d+$/.test(code)) throw new Error(`room code must be digits, got "${code}"`);
  if (!Number.isSafeInteger(roundMs) || roundMs <= 0 || DAY_MS % roundMs !== 0) throw new Error(`round length ${roundMs} ms must divide a day`);
  if (!Number.isSafeInteger(lockMs) || lockMs < 0 || lockMs >= roundMs) throw new Error(`lock ${lockMs} ms must be shorter than the round`);
  const roundsPerDay = DAY_MS / roundMs;
  return { id, code, roundMs, lockMs, roundsPerDay, sequenceDigits: Math.max(4, String(roundsPerDay).length) };
}

/** The four Wingo rooms: 30 s, 1, 3 and 5 minutes, betting locked in the last 5 s. */
export const WINGO_ROOMS = {
  '30s': defineRoom('30s', '030', 30_000, 5_000),
  '1m': defineRoom('1m', '060', 60_000, 5_000),
  '3m': defineRoom('3m', '180', 180_000, 5_000),
  '5m': defineRoom('5m', '300', 300_000, 5_000),
} as const satisfies Record<string, Room>;
export type WingoRoomId = keyof typeof WINGO_ROOMS;

export interface Round {
  roomId: string;
  period: string;
  /** IST calendar date, YYYYMMDD. */
  istDate: string;
  /** 1-based sequence of the round within its IST day. */
  sequence: number;
  /**
   * The round's number since 1970-01-01 00:00 IST in this room: consecutive rounds have
   * consecutive ordinals across day boundaries, which is what maps rounds to chain links.
   */
  ordinal: number;
  opensAtMs: number;
  locksAtMs: number;
  drawsAtMs: number;
}

/** Where a round stands at a given time. Bets are accepted only while it is 'open'. */
export type RoundPhase = 'upcoming' | 'open' | 'locked' | 'due';

// Howard Hinnant's days_from_civil / civil_from_days: proleptic Gregorian calendar, pure
// integer arithmetic, no Date object.
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The round with this ordinal (rounds since 1970-01-01 00:00 IST) in the room. */
export function roundByOrdinal(room: Room, ordinal: number): Round {
  if (!Number.isSafeInteger(ordinal) || ordinal < 0) throw new RangeError(`round ordinal ${ordinal} must be a non-negative integer`);
  const day = Math.floor(ordinal / room.roundsPerDay);
  const sequence = ordinal - day * room.roundsPerDay + 1;
  const { y, m, d } = civilFromDays(day);
  if (y > 9999) throw new RangeError('period dates end in the year 9999');
  const istDate = `${pad(y, 4)}${pad(m, 2)}${pad(d, 2)}`;
  const opensAtMs = ordinal * room.roundMs - IST_OFFSET_MS;
  const drawsAtMs = opensAtMs + room.roundMs;
  return {
    roomId: room.id,
    period: `${istDate}${room.code}${pad(sequence, room.sequenceDigits)}`,
    istDate,
    sequence,
    ordinal,
    opensAtMs,
    locksAtMs: drawsAtMs - room.lockMs,
    drawsAtMs,
  };
}

/** The round of the room in progress at atMs: opensAtMs <= atMs < drawsAtMs. */
export function roundAt(room: Room, atMs: number): Round {
  if (!Number.isSafeInteger(atMs)) throw new RangeError(`time ${atMs} must be an integer number of milliseconds`);
  return roundByOrdinal(room, Math.floor((atMs + IST_OFFSET_MS) / room.roundMs));
}

/** The round a period names in this room, or null when it is not a valid period of the room. */
export function roundOfPeriod(room: Room, period: string): Round | null {
  const match = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})${room.code}(\\d{${room.sequenceDigits}})$`).exec(period);
  if (!match) return null;
  const [y, m, d, seq] = match.slice(1).map(Number) as [number, number, number, number];
  if (m < 1 || m > 12 || d < 1 || d > 31 || seq < 1 || seq > room.roundsPerDay) return null;
  const day = daysFromCivil(y, m, d);
  const back = civilFromDays(day);
  // 20260231 would otherwise quietly become 3 March.
  if (back.y !== y || back.m !== m || back.d !== d || day < 0) return null;
  return roundByOrdinal(room, day * room.roundsPerDay + seq - 1);
}

/** The round after (offset 1) or before (offset -1) a round, across day boundaries. */
export function roundAfter(room: Room, round: Round, offset = 1): Round {
  return roundByOrdinal(room, round.ordinal + offset);
}

/** The phase of a round at atMs. */
export function roundPhase(round: Round, atMs: number): RoundPhase {
  if (atMs < round.opensAtMs) return 'upcoming';
  if (atMs < round.locksAtMs) return 'open';
  if (atMs < round.drawsAtMs) return 'locked';
  return 'due';
}

/** Whole seconds left until the draw (what a countdown shows), never negative. */
export function secondsToDraw(round: Round, atMs: number): number {
  return Math.max(0, Math.ceil((round.drawsAtMs - atMs) / 1000));
}
