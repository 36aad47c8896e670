import type { AnnouncementKind, AnnouncementSegment, Language } from '@colorplay/contract';

/** What decides whether an announcement reaches a player (decision 458). */
export type AnnouncementFacts = {
  kind: AnnouncementKind;
  segment: AnnouncementSegment;
  startsAt: Date;
  endsAt: Date;
  pausedAt: Date | null;
};

/** What is known of the player when they look. */
export type AudienceFacts = {
  language: Language | null;
  registeredAt: Date;
  /** On a break, self-excluded, or in the closed period after an exclusion (the safety module). */
  marketingBlocked: boolean;
};

const NEW_PLAYER_MS = 7 * 24 * 3600_000;

/** Whether the player belongs to the segment at `now`. A player who never chose a language reads English. */
export function inSegment(segment: AnnouncementSegment, player: AudienceFacts, now: Date): boolean {
  switch (segment) {
    case 'all':
      return true;
    case 'lang_en':
      return (player.language ?? 'en') === 'en';
    case 'lang_hi':
      return player.language === 'hi';
    case 'new_7d':
      return now.getTime() - player.registeredAt.getTime() < NEW_PLAYER_MS;
  }
}

/**
 * Whether the announcement reaches the player at `now`: running (started, not ended, not paused),
 * for a segment the player is in, and, for marketing, only to a player nothing blocks it for. A
 * service notice (maintenance, terms) reaches every player of its segment.
 */
export function reaches(a: AnnouncementFacts, player: AudienceFacts, now: Date): boolean {
  const t = now.getTime();
  if (a.pausedAt !== null || t < a.startsAt.getTime() || t >= a.endsAt.getTime()) return false;
  if (a.kind === 'marketing' && player.marketingBlocked) return false;
  return inSegment(a.segment, player, now);
}
