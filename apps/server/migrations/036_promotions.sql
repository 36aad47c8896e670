-- Promotions' money core (docs/promotions.md; decisions 490-492): marketing consent, bonus grants and gift
-- codes. Bonus money itself lives only in the ledger (accounts player:<id>:bonus:<grantId> and
-- house:bonuses); these rows say why it moved and which grant is still open.

-- Marketing consent (decision 491): off until given; every change is a row, never edited, so the
-- history says when it was given and withdrawn. The current state is the player's newest row.
CREATE TABLE marketing_consent_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  given boolean NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX marketing_consent_events_player_idx ON marketing_consent_events (player_id, id DESC);
CREATE TRIGGER marketing_consent_events_append_only
  BEFORE UPDATE OR DELETE ON marketing_consent_events
  FOR EACH ROW EXECUTE FUNCTION append_only_row();

-- A bonus grant (decision 490): its money is the balance of its own ledger account. It ends once,
-- as converted, forfeited or expired, under a row lock and with a fixed ledger key per end.
CREATE TABLE bonus_grants (
  id text PRIMARY KEY CHECK (id ~ '^bon_[A-Za-z0-9]+$'),
  player_id bigint NOT NULL REFERENCES players (id),
  source text NOT NULL CHECK (source IN ('gift_code')),
  source_ref text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  wagering_multiple integer NOT NULL CHECK (wagering_multiple BETWEEN 1 AND 5),
  terms_version text NOT NULL,
  granted_at timestamptz NOT NULL,
  -- The grant's own ledger entry: stakes on entries after it count toward its wagering.
  grant_entry_id bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'converted', 'forfeited', 'expired')),
  ended_at timestamptz,
  end_transfer_id text,
  CHECK (expires_at > granted_at),
  CHECK ((status = 'active') = (ended_at IS NULL))
);
CREATE INDEX bonus_grants_player_idx ON bonus_grants (player_id, granted_at);
CREATE INDEX bonus_grants_active_expiry_idx ON bonus_grants (expires_at) WHERE status = 'active';

-- Gift codes (decision 492): the budget is spent under the code's row lock and can never be
-- exceeded (CHECK); one redemption row per player and count, so a cap of one is a primary key.
CREATE TABLE gift_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{4,24}$'),
  bonus_minor bigint NOT NULL CHECK (bonus_minor > 0),
  wagering_multiple integer NOT NULL CHECK (wagering_multiple BETWEEN 1 AND 5),
  bonus_valid_days integer NOT NULL CHECK (bonus_valid_days BETWEEN 1 AND 90),
  budget_minor bigint NOT NULL CHECK (budget_minor > 0),
  spent_minor bigint NOT NULL DEFAULT 0,
  per_player_cap integer NOT NULL CHECK (per_player_cap BETWEEN 1 AND 10),
  terms_version text NOT NULL,
  expires_at timestamptz NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  created_by bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  CHECK (spent_minor >= 0 AND spent_minor <= budget_minor),
  CHECK (expires_at > created_at)
);
CREATE TABLE gift_code_redemptions (
  code_id bigint NOT NULL REFERENCES gift_codes (id),
  player_id bigint NOT NULL REFERENCES players (id),
  n integer NOT NULL CHECK (n BETWEEN 1 AND 10),
  grant_id text NOT NULL UNIQUE REFERENCES bonus_grants (id),
  redeemed_at timestamptz NOT NULL,
  PRIMARY KEY (code_id, player_id, n)
);
