-- The daily check-in's settings (docs/promotions.md, decision 565): one row the console edits
-- (bonus, wagering multiple, validity, daily budget, pause). The CHECK_IN_* environment values are
-- only the defaults the row is seeded with at its first read. Every check-in reads it under a
-- share lock in its own transaction, so a console change waits for the check-ins in flight and
-- applies to every later one whole (never half old, half new).
CREATE TABLE check_in_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  bonus_minor bigint NOT NULL CHECK (bonus_minor BETWEEN 1 AND 10000),
  wagering_multiple integer NOT NULL CHECK (wagering_multiple BETWEEN 1 AND 5),
  valid_days integer NOT NULL CHECK (valid_days BETWEEN 1 AND 30),
  daily_budget_minor bigint NOT NULL CHECK (daily_budget_minor BETWEEN 0 AND 10000000000),
  paused boolean NOT NULL,
  updated_by bigint REFERENCES operators (id),
  updated_at timestamptz,
  CHECK ((updated_by IS NULL) = (updated_at IS NULL))
);
