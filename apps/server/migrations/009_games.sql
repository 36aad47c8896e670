-- The game lobby, the launcher and the seamless vendor wallet (decisions 110-114, docs/vendor-wallet.md). The catalog
-- tables are a copy of the checked-in catalog file (catalog/games.json), rewritten by the seed on
-- start when the file changed; nothing else writes them.

CREATE TABLE game_vendors (
  code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_-]{1,40}$'),
  title text NOT NULL,
  image text NOT NULL,
  -- Listed on /home/AllOnlineGames?type=...&tab=... when set.
  type text CHECK (type IN ('casino', 'slot')),
  tab integer CHECK (tab >= 0),
  -- The integration that serves this vendor's games and signs its wallet calls.
  provider text NOT NULL,
  wallet_mode text NOT NULL CHECK (wallet_mode IN ('seamless', 'transfer')),
  position integer NOT NULL,
  CHECK ((type IS NULL) = (tab IS NULL))
);
CREATE UNIQUE INDEX game_vendors_tab_idx ON game_vendors (type, tab) WHERE type IS NOT NULL;

CREATE TABLE games (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('game', 'info', 'vendor')),
  title text NOT NULL,
  image text NOT NULL,
  vendor_code text REFERENCES game_vendors (code),
  -- The spec's game_uid; empty for a game under maintenance and for tiles that are not games.
  game_uid text NOT NULL DEFAULT '',
  engine text,
  -- Configured return to player in basis points (9637 = 96.37%).
  rtp_basis_points integer CHECK (rtp_basis_points BETWEEN 0 AND 10000),
  clickable boolean NOT NULL,
  description text,
  href text,
  -- Order within its vendor's list.
  position integer NOT NULL
);
CREATE UNIQUE INDEX games_uid_idx ON games (game_uid) WHERE game_uid <> '';
CREATE INDEX games_vendor_idx ON games (vendor_code, position);

CREATE TABLE game_categories (
  key text PRIMARY KEY,
  title text NOT NULL,
  image text NOT NULL,
  tab integer NOT NULL UNIQUE CHECK (tab BETWEEN 0 AND 7),
  heading boolean NOT NULL,
  -- Vendor sections in order (casino, slots).
  sections text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE game_category_tiles (
  category_key text NOT NULL REFERENCES game_categories (key) ON DELETE CASCADE,
  game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (category_key, game_id)
);
CREATE INDEX game_category_tiles_order_idx ON game_category_tiles (category_key, position);

-- Which catalog file the tables hold (its SHA-256): the seed compares before rewriting, and the
-- API's ETag is derived from it.
CREATE TABLE game_catalog_state (
  id integer PRIMARY KEY CHECK (id = 1),
  catalog_hash text NOT NULL,
  seeded_at timestamptz NOT NULL
);

-- Single-use launch tickets: only the SHA-256 of the ticket is stored, never the ticket itself,
-- and never the access token.
CREATE TABLE game_launch_tickets (
  ticket_hash text PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  auth_session_id text NOT NULL,
  game_uid text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX game_launch_tickets_expiry_idx ON game_launch_tickets (expires_at);

-- A game session at a vendor, opened by a used ticket. The vendor holds the token (only its hash
-- is here) and presents it on every wallet call.
CREATE TABLE vendor_sessions (
  id text PRIMARY KEY CHECK (id LIKE 'vs\_%'),
  token_hash text NOT NULL UNIQUE,
  player_id bigint NOT NULL REFERENCES players (id),
  auth_session_id text NOT NULL,
  provider text NOT NULL,
  vendor_code text NOT NULL REFERENCES game_vendors (code),
  game_uid text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX vendor_sessions_player_idx ON vendor_sessions (player_id, created_at);

-- Every wallet call a vendor made, by the vendor's own transaction id: the idempotency record
-- (a duplicate answers `answer` again; another body under the same id is a conflict). A rollback
-- of a debit we never saw writes a `debit` row with status 'void' and no request hash, so the
-- late debit is refused.
CREATE TABLE vendor_wallet_calls (
  provider text NOT NULL,
  tx_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback')),
  request_hash text,
  session_id text REFERENCES vendor_sessions (id),
  player_id bigint REFERENCES players (id),
  vendor_code text,
  amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  ref_tx_id text,
  status text NOT NULL CHECK (status IN ('ok', 'insufficient_funds', 'refused', 'void')),
  answer jsonb,
  transfer_id text,
  rolled_back_by text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, tx_id)
);
