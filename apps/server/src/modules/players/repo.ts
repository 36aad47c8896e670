import type { Language, UserInfo } from '@colorplay/contract';
import type { Queryable } from '../../db/db';
import { secureRandomInt } from '../../lib/ids';
import { maskPhone } from './phone';

export type PlayerRow = {
  id: number;
  uid: number;
  phone: string;
  password_hash: string;
  nickname: string;
  avatar: number;
  invite_code: string | null;
  created_at: Date;
  last_login_at: Date | null;
  language: Language | null;
};

const COLUMNS = 'id, uid, phone, password_hash, nickname, avatar, invite_code, created_at, last_login_at, language';

export class PhoneTakenError extends Error {}

/** Inserts a player with a fresh random 8-digit public UID (retried on the rare collision). */
export async function insertPlayer(
  q: Queryable,
  p: { phone: string; passwordHash: string; inviteCode: string | undefined; now: Date; registrationIp?: string | null },
): Promise<PlayerRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const uid = secureRandomInt(10_000_000, 99_999_999);
    const { rows } = await q.query<PlayerRow & { phone_taken: boolean }>(
      `INSERT INTO players (uid, phone, password_hash, nickname, invite_code, age_confirmed_at, created_at, registration_ip)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [uid, p.phone, p.passwordHash, `Player${String(uid).slice(-4)}`, p.inviteCode ?? null, p.now, p.registrationIp ?? null],
    );
    if (rows[0]) return rows[0];
    if (await findPlayerByPhone(q, p.phone)) throw new PhoneTakenError();
  }
  throw new Error('could not allocate a unique player uid');
}

export async function findPlayerByPhone(q: Queryable, phone: string): Promise<PlayerRow | undefined> {
  const { rows } = await q.query<PlayerRow>(`SELECT ${COLUMNS} FROM players WHERE phone = $1`, [phone]);
  return rows[0];
}

export async function findPlayerById(q: Queryable, id: number): Promise<PlayerRow | undefined> {
  const { rows } = await q.query<PlayerRow>(`SELECT ${COLUMNS} FROM players WHERE id = $1`, [id]);
  return rows[0];
}

/** By the public 8-digit UID (the id players see and quote to support). */
export async function findPlayerByUid(q: Queryable, uid: number): Promise<PlayerRow | undefined> {
  const { rows } = await q.query<PlayerRow>(`SELECT ${COLUMNS} FROM players WHERE uid = $1`, [uid]);
  return rows[0];
}

export async function updateAvatar(q: Queryable, id: number, avatar: number): Promise<void> {
  await q.query('UPDATE players SET avatar = $2 WHERE id = $1', [id, avatar]);
}

export async function updateLanguage(q: Queryable, id: number, language: Language): Promise<void> {
  await q.query('UPDATE players SET language = $2 WHERE id = $1', [id, language]);
}

export async function updatePasswordHash(q: Queryable, id: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE players SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

export async function touchLastLogin(q: Queryable, id: number, now: Date): Promise<void> {
  await q.query('UPDATE players SET last_login_at = $2 WHERE id = $1', [id, now]);
}

/** The public view of a player (what get-user-info returns). */
export function toUserInfo(p: PlayerRow): UserInfo {
  return {
    uid: p.uid,
    phone: maskPhone(p.phone),
    nickname: p.nickname,
    avatar: p.avatar,
    createdAt: p.created_at.toISOString(),
    lastLoginAt: p.last_login_at?.toISOString() ?? null,
    language: p.language,
  };
}

/** Players registered in [from, to): id and registration time (the reports' cohorts, decision 410). */
export async function selectRegistrations(q: Queryable, from: Date, to: Date): Promise<{ playerId: string; registeredAt: Date }[]> {
  const { rows } = await q.query<{ id: string; created_at: Date }>('SELECT id::text AS id, created_at FROM players WHERE created_at >= $1 AND created_at < $2', [from, to]);
  return rows.map((r) => ({ playerId: r.id, registeredAt: r.created_at }));
}

/**
 * Other players registered from the same address as this one within `windowSeconds` either side
 * of its registration (decision 430). Accounts registered before migration 031 have no address.
 */
export async function playersRegisteredNear(q: Queryable, playerId: number, windowSeconds: number): Promise<{ playerId: number; at: Date }[]> {
  const { rows } = await q.query<{ id: string | number; created_at: Date }>(
    `SELECT o.id, o.created_at FROM players m
       JOIN players o ON o.registration_ip = m.registration_ip AND o.id <> m.id
        AND o.created_at BETWEEN m.created_at - make_interval(secs => $2) AND m.created_at + make_interval(secs => $2)
      WHERE m.id = $1 AND m.registration_ip IS NOT NULL
      ORDER BY o.id`,
    [playerId, windowSeconds],
  );
  return rows.map((r) => ({ playerId: Number(r.id), at: r.created_at }));
}

/** Players registered at or after `since` (the link alerts' job, decision 432). */
export async function playersRegisteredSince(q: Queryable, since: Date): Promise<number[]> {
  const { rows } = await q.query<{ id: string | number }>('SELECT id FROM players WHERE created_at >= $1 AND registration_ip IS NOT NULL', [since]);
  return rows.map((r) => Number(r.id));
}
