import type { Queryable } from '../../db/db';

/** SQL of the daily check-in's tables (migrations 042, 045): one row per player and IST day, each day's budget spent, and the settings. */

export type CheckInRow = { player_id: number; day: string; grant_id: string; amount_minor: number; checked_in_at: Date };

/** The player's check-in of the day, if any. */
export async function selectCheckIn(q: Queryable, playerId: number, day: string): Promise<CheckInRow | undefined> {
  const { rows } = await q.query<CheckInRow>(
    `SELECT player_id::int AS player_id, to_char(day, 'YYYY-MM-DD') AS day, grant_id, amount_minor::float8 AS amount_minor, checked_in_at
       FROM check_ins WHERE player_id = $1 AND day = $2::date`,
    [playerId, day],
  );
  return rows[0];
}

/** What the day's check-ins have spent (0 before the first). */
export async function selectDaySpent(q: Queryable, day: string): Promise<number> {
  const { rows } = await q.query<{ spent_minor: number }>('SELECT spent_minor::float8 AS spent_minor FROM check_in_days WHERE day = $1::date', [day]);
  return rows[0]?.spent_minor ?? 0;
}

/**
 * The day's budget row, created if needed and locked: every check-in of one day queues here, so
 * the budget is checked and spent one at a time.
 */
export async function lockDay(q: Queryable, day: string): Promise<number> {
  await q.query('INSERT INTO check_in_days (day) VALUES ($1::date) ON CONFLICT (day) DO NOTHING', [day]);
  const { rows } = await q.query<{ spent_minor: number }>('SELECT spent_minor::float8 AS spent_minor FROM check_in_days WHERE day = $1::date FOR UPDATE', [day]);
  return rows[0]!.spent_minor;
}

/** Records the check-in and spends the day's budget (the primary key refuses a second one that day). */
export async function insertCheckIn(q: Queryable, r: { playerId: number; day: string; grantId: string; amountMinor: number; at: Date }): Promise<void> {
  await q.query('INSERT INTO check_ins (player_id, day, grant_id, amount_minor, checked_in_at) VALUES ($1, $2::date, $3, $4, $5)', [r.playerId, r.day, r.grantId, r.amountMinor, r.at]);
  await q.query('UPDATE check_in_days SET spent_minor = spent_minor + $2, check_ins = check_ins + 1 WHERE day = $1::date', [r.day, r.amountMinor]);
}

export type SettingsRow = {
  bonus_minor: number;
  wagering_multiple: number;
  valid_days: number;
  daily_budget_minor: number;
  paused: boolean;
  updated_by: number | null;
  updated_at: Date | null;
};
export type SettingsValues = Pick<SettingsRow, 'bonus_minor' | 'wagering_multiple' | 'valid_days' | 'daily_budget_minor' | 'paused'>;

const SETTINGS_COLUMNS =
  'bonus_minor::float8 AS bonus_minor, wagering_multiple, valid_days, daily_budget_minor::float8 AS daily_budget_minor, paused, updated_by::int AS updated_by, updated_at';
const LOCKS = { none: '', share: 'FOR SHARE', update: 'FOR UPDATE' } as const;

/**
 * The settings' one row (migration 045), locked as asked: a check-in shares it, the console's change
 * takes it alone, so a change waits for the check-ins in flight and every later check-in sees it
 * whole. Until the row exists the defaults (the CHECK_IN_* environment) are in force: a plain read
 * answers them and writes nothing (a read never changes the database); a locking read, inside a
 * check-in's or a change's own transaction, seeds the row from them first so it has a row to lock.
 */
export async function selectSettings(q: Queryable, defaults: SettingsValues, lock: keyof typeof LOCKS = 'none'): Promise<SettingsRow> {
  const read = async () => (await q.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM check_in_settings WHERE id = 1 ${LOCKS[lock]}`)).rows[0];
  const found = await read();
  if (found) return found;
  if (lock === 'none') return { ...defaults, updated_by: null, updated_at: null };
  await q.query(
    'INSERT INTO check_in_settings (id, bonus_minor, wagering_multiple, valid_days, daily_budget_minor, paused) VALUES (1, $1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING',
    [defaults.bonus_minor, defaults.wagering_multiple, defaults.valid_days, defaults.daily_budget_minor, defaults.paused],
  );
  return (await read())!;
}

export async function updateSettings(q: Queryable, v: SettingsValues, by: number, at: Date): Promise<SettingsRow> {
  const { rows } = await q.query<SettingsRow>(
    `UPDATE check_in_settings SET bonus_minor = $1, wagering_multiple = $2, valid_days = $3, daily_budget_minor = $4, paused = $5, updated_by = $6, updated_at = $7
      WHERE id = 1 RETURNING ${SETTINGS_COLUMNS}`,
    [v.bonus_minor, v.wagering_multiple, v.valid_days, v.daily_budget_minor, v.paused, by, at],
  );
  return rows[0]!;
}
