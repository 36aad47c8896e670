-- The reports' daily tables (docs/admin.md, "Reports"; decision 410). A job folds ledger entries
-- into them by id, under the leader lock; a report reads folded days here and the entries past
-- the fold live from the ledger, so every figure equals a sum of ledger entries.

-- How far the fold has gone: every entry with id <= folded_through_entry_id is in the tables
-- below, and none after it. Updated in the same transaction as the rows it adds.
CREATE TABLE report_fold_state (
  id smallint PRIMARY KEY CONSTRAINT report_fold_state_one_row CHECK (id = 1),
  folded_through_entry_id bigint NOT NULL DEFAULT 0,
  folded_at timestamptz
);
INSERT INTO report_fold_state (id) VALUES (1);

-- Entries per IST day, transfer kind, account scope ('player', 'purse', or a house account with
-- its lottery shards merged) and the transfer's channel, game and room ('' when absent).
CREATE TABLE report_daily (
  day date NOT NULL,
  kind text NOT NULL,
  scope text NOT NULL,
  channel text NOT NULL DEFAULT '',
  game text NOT NULL DEFAULT '',
  room text NOT NULL DEFAULT '',
  amount_minor bigint NOT NULL,
  entries bigint NOT NULL,
  PRIMARY KEY (day, kind, scope, channel, game, room)
);

-- Entries on players' own accounts (main and purses) per IST day, player and transfer kind: the
-- per-player P&L and the active players.
CREATE TABLE report_player_daily (
  day date NOT NULL,
  player_id text NOT NULL,
  kind text NOT NULL,
  amount_minor bigint NOT NULL,
  entries bigint NOT NULL,
  PRIMARY KEY (day, player_id, kind)
);
-- One player's P&L over a range.
CREATE INDEX report_player_daily_player_idx ON report_player_daily (player_id, day);
