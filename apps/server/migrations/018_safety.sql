-- Responsible gambling (decision 210): the player's limits, breaks, self-exclusion and reality-check
-- interval, the deposits counted against deposit limits, every change of a control and every
-- refusal by one. Only the safety module names these tables.

-- One row per player who ever set a control. The money paths lock it (FOR UPDATE) before the
-- ledger accounts, so two deposits or bets of one player are checked one after the other.
CREATE TABLE safety_controls (
  player_id bigint PRIMARY KEY REFERENCES players (id),
  break_until timestamptz,
  exclusion_started_at timestamptz,
  exclusion_until timestamptz,
  -- After an exclusion ends the account stays closed until the player asks to reopen it; it
  -- reopens 24 hours after the request.
  reopen_requested_at timestamptz,
  reality_check_minutes smallint CHECK (reality_check_minutes IN (15, 30, 60)),
  -- The player answered the "set a deposit limit" prompt (set one, or skipped it).
  deposit_prompt_answered_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK ((exclusion_started_at IS NULL) = (exclusion_until IS NULL)),
  CHECK (exclusion_until IS NULL OR exclusion_until > exclusion_started_at)
);

-- A limit per (player, kind, rolling window). amount_minor NULL means none in force; a pending
-- raise or removal (pending_amount_minor NULL with pending_requested_at set = removal) waits 24
-- hours and the player's confirmation.
CREATE TABLE safety_limits (
  player_id bigint NOT NULL REFERENCES players (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'stake')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount_minor bigint CHECK (amount_minor > 0),
  pending_amount_minor bigint CHECK (pending_amount_minor > 0),
  pending_requested_at timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, kind, period),
  -- A pending change is a raise: above the limit in force, or its removal.
  CHECK (pending_amount_minor IS NULL OR pending_requested_at IS NOT NULL),
  CHECK (pending_requested_at IS NULL OR amount_minor IS NOT NULL),
  CHECK (pending_amount_minor IS NULL OR pending_amount_minor > amount_minor)
);

-- Deposit orders counted against deposit limits from their creation (so a payment that arrives
-- after a limit was lowered still counts), unless the order ended unpaid (released).
CREATE TABLE safety_deposit_usage (
  order_ref text PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  created_at timestamptz NOT NULL,
  released_at timestamptz
);
CREATE INDEX safety_deposit_usage_player_idx ON safety_deposit_usage (player_id, created_at) WHERE released_at IS NULL;

-- Every change of a control (the player's audit trail, shown read-only in the console).
CREATE TABLE safety_changes (
  id bigserial PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  at timestamptz NOT NULL,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX safety_changes_player_idx ON safety_changes (player_id, id DESC);

-- Every refusal by a control (a deposit over a limit, a bet during a break ...): the console's
-- list of players who hit limits often. Written in its own short transaction after the refusal.
CREATE TABLE safety_refusals (
  id bigserial PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  at timestamptz NOT NULL,
  code text NOT NULL
);
CREATE INDEX safety_refusals_at_idx ON safety_refusals (at, player_id);
