-- Daily check-in and VIP levels (docs/promotions.md; decisions 545-547).

-- One check-in per player and IST calendar day: the primary key is the database's own guard, so
-- concurrent check-ins of one player give one row (and one bonus, whose grant commits with it).
CREATE TABLE check_ins (
  player_id bigint NOT NULL REFERENCES players (id),
  day date NOT NULL,
  grant_id text NOT NULL UNIQUE REFERENCES bonus_grants (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  checked_in_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, day)
);

-- The day's check-in budget spent: one row per IST day, locked by each check-in of that day, so
-- the operator's daily budget bounds the cost under any concurrency.
CREATE TABLE check_in_days (
  day date PRIMARY KEY,
  spent_minor bigint NOT NULL DEFAULT 0 CHECK (spent_minor >= 0),
  check_ins integer NOT NULL DEFAULT 0 CHECK (check_ins >= 0)
);

-- VIP's non-cash benefits (decision 547): the level a player had when they opened a ticket or
-- requested a withdrawal, so the support queue's due time and the review queue's order follow it.
-- Written by the owning modules (support, withdrawals); 0 is the standard service.
ALTER TABLE support_tickets ADD COLUMN vip_level smallint NOT NULL DEFAULT 0 CHECK (vip_level BETWEEN 0 AND 4);
ALTER TABLE withdrawals ADD COLUMN vip_level smallint NOT NULL DEFAULT 0 CHECK (vip_level BETWEEN 0 AND 4);
CREATE INDEX withdrawals_review_queue_idx ON withdrawals (vip_level DESC, created_at, id) WHERE status = 'review';
