import type { AdminAnnouncement, AnnouncementInput, AuditAction, PlayerAnnouncement } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { findPlayerById } from '../players';
import { reaches } from './announcement-rules';
import { insertAnnouncement, insertReads, lockAnnouncement, selectAnnouncements, selectRunning, setPaused, type AnnouncementRow } from './announcements-repo';

/** Who acted and from where: the console's operator and request (given by app.ts, so this module needs not import the console's). */
type OperatorPrincipal = { id: number; username: string };
type RequestOrigin = { ip: string | null; userAgent: string | null };
/** The console's append-only audit log (its `write`). */
type AuditLog = {
  write(q: Queryable, who: { id: number | null; username: string | null }, action: AuditAction, target: string | null, origin: RequestOrigin, change?: { before?: unknown; after?: unknown }): Promise<unknown>;
};

export type AnnouncementsDeps = {
  db: Db;
  clock: Clock;
  /** The console's append-only audit log, written in each action's own transaction. */
  audit: AuditLog;
  /** Whether marketing must not reach the player now (the safety module: break, exclusion). */
  blocksMarketing: (playerId: number) => Promise<boolean>;
};

const CONSOLE_LIST_LIMIT = 100;

const announcementId = (id: number) => `ann_${id}`;
const idOf = (id: string) => Number(id.slice(4));

const toAdmin = (r: AnnouncementRow): AdminAnnouncement => ({
  id: announcementId(r.id),
  kind: r.kind,
  segment: r.segment,
  titleEn: r.title_en,
  bodyEn: r.body_en,
  titleHi: r.title_hi,
  bodyHi: r.body_hi,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at.toISOString(),
  paused: r.paused_at !== null,
  createdBy: Number(r.created_by),
  createdAt: r.created_at.toISOString(),
});

const toPlayer = (r: AnnouncementRow & { read: boolean }): PlayerAnnouncement => ({
  id: announcementId(r.id),
  kind: r.kind,
  title: { en: r.title_en, hi: r.title_hi },
  body: { en: r.body_en, hi: r.body_hi },
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at.toISOString(),
  read: r.read,
});

const notFound = () => new AppError('ANNOUNCEMENT_NOT_FOUND', 'No such announcement');

/**
 * Operator announcements (decision 458): written and paused in the console (audited), delivered
 * by reading: a player asks which reach them now, so a new, paused or ended announcement is
 * seen at once by everyone, and nothing is copied per player or swept by a job.
 */
export function createAnnouncements({ db, clock, audit, blocksMarketing }: AnnouncementsDeps) {
  /** The announcements that reach the player now, newest first, with their read state. */
  async function forPlayer(playerId: number): Promise<PlayerAnnouncement[]> {
    const now = clock.now();
    const running = await selectRunning(db, playerId, now);
    if (running.length === 0) return [];
    const player = await findPlayerById(db, playerId);
    if (!player) return [];
    // The safety state is read only when a marketing announcement runs.
    const marketingBlocked = running.some((r) => r.kind === 'marketing') ? await blocksMarketing(playerId) : false;
    const audience = { language: player.language, registeredAt: player.created_at, marketingBlocked };
    return running
      .filter((r) => reaches({ kind: r.kind, segment: r.segment, startsAt: r.starts_at, endsAt: r.ends_at, pausedAt: r.paused_at }, audience, now))
      .map(toPlayer);
  }

  async function pauseOrResume(id: string, paused: boolean, by: OperatorPrincipal, origin: RequestOrigin): Promise<AdminAnnouncement> {
    return db.transaction(async (tx) => {
      const row = await lockAnnouncement(tx, idOf(id));
      if (!row) throw notFound();
      // Pausing a paused announcement (or resuming a running one) is a no-op, not audited twice.
      if ((row.paused_at !== null) === paused) return toAdmin(row);
      const now = clock.now();
      const next = await setPaused(tx, row.id, paused ? now : null);
      await audit.write(tx, by, paused ? 'announcement.pause' : 'announcement.resume', id, origin, {
        before: { paused: !paused },
        after: { paused },
      });
      return toAdmin(next);
    });
  }

  return {
    forPlayer,

    /** Marks one announcement read, if it reaches the player now (else ANNOUNCEMENT_NOT_FOUND). */
    async markRead(playerId: number, id: string): Promise<void> {
      const reaching = await forPlayer(playerId);
      if (!reaching.some((a) => a.id === id)) throw notFound();
      await insertReads(db, playerId, [idOf(id)], clock.now());
    },

    /** Marks every announcement that reaches the player now read ("Mark all as read"). */
    async markAllRead(playerId: number): Promise<number> {
      const unread = (await forPlayer(playerId)).filter((a) => !a.read);
      await insertReads(db, playerId, unread.map((a) => idOf(a.id)), clock.now());
      return unread.length;
    },

    /** The console's list, newest first. */
    async list(): Promise<AdminAnnouncement[]> {
      return (await selectAnnouncements(db, CONSOLE_LIST_LIMIT)).map(toAdmin);
    },

    /** Schedules an announcement (audited with its full text). */
    async create(input: AnnouncementInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<AdminAnnouncement> {
      return db.transaction(async (tx) => {
        const row = toAdmin(await insertAnnouncement(tx, input, by.id, clock.now()));
        await audit.write(tx, by, 'announcement.create', row.id, origin, { after: input });
        return row;
      });
    },

    pause: (id: string, by: OperatorPrincipal, origin: RequestOrigin) => pauseOrResume(id, true, by, origin),
    resume: (id: string, by: OperatorPrincipal, origin: RequestOrigin) => pauseOrResume(id, false, by, origin),
  };
}

export type Announcements = ReturnType<typeof createAnnouncements>;
