-- Linked accounts (decision 430): the facts two accounts can share, stored and indexed
-- so the console finds the links of one player with one indexed query per kind.

-- The address a player registered from. Accounts registered before this migration have none
-- (NULL): they are never linked by address.
ALTER TABLE players ADD COLUMN registration_ip text;
CREATE INDEX players_registration_ip_idx ON players (registration_ip, created_at) WHERE registration_ip IS NOT NULL;

-- The browser of each sign-in: the nonce of the device cookie the session was issued with, and
-- the nonce of a device cookie the browser presented that was issued to another account (the
-- cookie is per account, so a browser that signs in to a second account shows the first's).
-- Sessions opened before this migration have neither.
ALTER TABLE sessions ADD COLUMN device_nonce text, ADD COLUMN presented_device_nonce text;
CREATE INDEX sessions_device_nonce_idx ON sessions (device_nonce) WHERE device_nonce IS NOT NULL;
CREATE INDEX sessions_presented_device_nonce_idx ON sessions (presented_device_nonce) WHERE presented_device_nonce IS NOT NULL;

-- A payout destination saved by two players (removed methods included: the money went there).
CREATE INDEX payout_methods_fingerprint_idx ON payout_methods (fingerprint);

-- An operator's decision on a link, append-only: the newest row for a pair is in force. The pair
-- is stored low id first, so one link has one key whichever player's page it was decided on.
CREATE TABLE account_link_decisions (
  id bigserial PRIMARY KEY,
  player_low bigint NOT NULL REFERENCES players (id),
  player_high bigint NOT NULL REFERENCES players (id),
  decision text NOT NULL CHECK (decision IN ('not_related', 'same_person', 'needs_more_review')),
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
  operator_id bigint NOT NULL REFERENCES operators (id),
  decided_at timestamptz NOT NULL,
  CHECK (player_low < player_high)
);
CREATE INDEX account_link_decisions_pair_idx ON account_link_decisions (player_low, player_high, decided_at DESC);
CREATE INDEX account_link_decisions_high_idx ON account_link_decisions (player_high);
CREATE TRIGGER account_link_decisions_append_only BEFORE UPDATE OR DELETE ON account_link_decisions
  FOR EACH ROW EXECUTE FUNCTION append_only_row();

-- The link alerts (decision 432): a job under the leader lock looks at the players with a fact
-- newer than its cursor and raises one `accounts_linked` alert per pair ever (the primary key).
CREATE TABLE account_link_alerts (
  player_low bigint NOT NULL REFERENCES players (id),
  player_high bigint NOT NULL REFERENCES players (id),
  alerted_at timestamptz NOT NULL,
  PRIMARY KEY (player_low, player_high),
  CHECK (player_low < player_high)
);
CREATE TABLE account_link_scan (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  scanned_until timestamptz NOT NULL
);
-- What the job reads: facts newer than its cursor.
CREATE INDEX players_created_idx ON players (created_at);
CREATE INDEX sessions_created_idx ON sessions (created_at);
CREATE INDEX payout_methods_created_idx ON payout_methods (created_at);
CREATE INDEX kyc_submissions_submitted_idx ON kyc_submissions (submitted_at);
