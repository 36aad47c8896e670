import { z } from 'zod';
import { pgText } from './text';

/**
 * Operator announcements (decision 458): a notice written in English and Hindi, for every player
 * or a segment, shown between its start and its end in the inbox and as one line on the home
 * page until the player reads it.
 *
 * - `service`: maintenance, terms changes: every player of the segment receives it.
 * - `marketing`: anything promotional: never shown to a player on a break, self-excluded, or in
 *   the closed period after an exclusion (and, once marketing consent exists, without it).
 */
export const ANNOUNCEMENT_KINDS = ['service', 'marketing'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/**
 * Who an announcement is for: every player, the players who read English (or never chose) or
 * Hindi, or the players registered within the last 7 days (at the time they look).
 */
export const ANNOUNCEMENT_SEGMENTS = ['all', 'lang_en', 'lang_hi', 'new_7d'] as const;
export type AnnouncementSegment = (typeof ANNOUNCEMENT_SEGMENTS)[number];

export const ANNOUNCEMENT_TITLE_MAX = 80;
export const ANNOUNCEMENT_BODY_MAX = 500;
/** The longest an announcement may run: a notice, not a standing banner. */
export const ANNOUNCEMENT_MAX_DAYS = 90;

const title = pgText().trim().min(1, 'Write a title').max(ANNOUNCEMENT_TITLE_MAX, `At most ${ANNOUNCEMENT_TITLE_MAX} characters`);
const body = pgText().trim().min(1, 'Write the text').max(ANNOUNCEMENT_BODY_MAX, `At most ${ANNOUNCEMENT_BODY_MAX} characters`);

export const AnnouncementInputSchema = z
  .strictObject({
    kind: z.enum(ANNOUNCEMENT_KINDS),
    segment: z.enum(ANNOUNCEMENT_SEGMENTS),
    titleEn: title,
    bodyEn: body,
    titleHi: title,
    bodyHi: body,
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  })
  .refine((a) => Date.parse(a.endsAt) > Date.parse(a.startsAt), { path: ['endsAt'], error: 'The end must be after the start' })
  .refine((a) => Date.parse(a.endsAt) - Date.parse(a.startsAt) <= ANNOUNCEMENT_MAX_DAYS * 86_400_000, {
    path: ['endsAt'],
    error: `An announcement runs at most ${ANNOUNCEMENT_MAX_DAYS} days`,
  });
export type AnnouncementInput = z.infer<typeof AnnouncementInputSchema>;

export const AnnouncementIdParamsSchema = z.strictObject({ id: pgText().regex(/^ann_\d{1,15}$/, 'An announcement id looks like ann_12') });

/** An announcement as the console lists it. */
export const AdminAnnouncementSchema = z
  .object({
    id: z.string(),
    kind: z.enum(ANNOUNCEMENT_KINDS),
    segment: z.enum(ANNOUNCEMENT_SEGMENTS),
    titleEn: z.string(),
    bodyEn: z.string(),
    titleHi: z.string(),
    bodyHi: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    paused: z.boolean(),
    createdBy: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminAnnouncement' });
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;

/** An announcement as a player receives it: both languages, the app shows the one it reads now. */
export const PlayerAnnouncementSchema = z
  .object({
    id: z.string(),
    kind: z.enum(ANNOUNCEMENT_KINDS),
    title: z.object({ en: z.string(), hi: z.string() }),
    body: z.object({ en: z.string(), hi: z.string() }),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    read: z.boolean(),
  })
  .meta({ id: 'PlayerAnnouncement' });
export type PlayerAnnouncement = z.infer<typeof PlayerAnnouncementSchema>;
export const PlayerAnnouncementsSchema = z.object({ items: z.array(PlayerAnnouncementSchema) });
export type PlayerAnnouncements = z.infer<typeof PlayerAnnouncementsSchema>;
