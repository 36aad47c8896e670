-- The first-deposit bonus (docs/promotions.md, decisions 540-541): an offer the console creates and
-- pauses, and one claim per player (the opt-in at the recharge page, then what the credit decided).
-- The money itself is a bonus grant (bonus_grants, source 'first_deposit') in the ledger.

-- An offer: percent of the first deposit up to a cap per player, its wagering and validity, a
-- budget spent under the row lock and never exceeded (CHECK). At most one is not paused (the
-- partial unique index); one past its expiry is paused by the next one's creation.
CREATE TABLE first_deposit_offers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  percent integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
  cap_minor bigint NOT NULL CHECK (cap_minor > 0),
  wagering_multiple integer NOT NULL CHECK (wagering_multiple BETWEEN 1 AND 5),
  bonus_valid_days integer NOT NULL CHECK (bonus_valid_days BETWEEN 1 AND 90),
  budget_minor bigint NOT NULL CHECK (budget_minor > 0),
  spent_minor bigint NOT NULL DEFAULT 0,
  terms_version text NOT NULL,
  expires_at timestamptz NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  paused_at timestamptz,
  created_by bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL,
  CHECK (spent_minor >= 0 AND spent_minor <= budget_minor),
  CHECK (expires_at > created_at),
  CHECK (paused = (paused_at IS NOT NULL))
);
CREATE UNIQUE INDEX first_deposit_offers_one_running ON first_deposit_offers ((true)) WHERE NOT paused;

-- A player's opt-in (one per player): the order it came with, the offer and the terms version
-- accepted. The credit's handler decides it once: granted (with the grant) or refused (why).
CREATE TABLE first_deposit_claims (
  player_id bigint PRIMARY KEY REFERENCES players (id),
  order_id text NOT NULL,
  offer_id bigint NOT NULL REFERENCES first_deposit_offers (id),
  terms_version text NOT NULL,
  opted_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'granted', 'refused')),
  refused_reason text,
  grant_id text UNIQUE REFERENCES bonus_grants (id),
  bonus_minor bigint CHECK (bonus_minor > 0),
  decided_at timestamptz,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'granted') = (grant_id IS NOT NULL AND bonus_minor IS NOT NULL)),
  CHECK ((status = 'refused') = (refused_reason IS NOT NULL))
);
