/** Milliseconds as "mm:ss" for a countdown, rounded up so it shows 00:00 only when time is up. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Number.isFinite(remainingMs) ? Math.max(0, Math.ceil(remainingMs / 1000)) : 0;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Time left until an ISO instant, never below zero. */
export function remainingMs(expiresAtIso: string, nowMs: number): number {
  return Math.max(0, Date.parse(expiresAtIso) - nowMs);
}
