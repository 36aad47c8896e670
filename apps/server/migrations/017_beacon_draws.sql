-- Draws mix in a public randomness beacon (docs/fairness.md, decisions 180-184).
--
-- A chain says which scheme its rounds use: 1 = link and period (chains published before this
-- migration; they finish or are retired), 2 = link, game tag, period and beacon randomness. A
-- scheme-2 chain publishes its beacon (public key, genesis, period) and the margin of the beacon
-- round rule with its final hash: the beacon round of every period is fixed from then on.
ALTER TABLE lottery_chains ADD COLUMN scheme smallint NOT NULL DEFAULT 1 CHECK (scheme IN (1, 2));
ALTER TABLE lottery_chains ADD COLUMN beacon_name text;
ALTER TABLE lottery_chains ADD COLUMN beacon_public_key text CHECK (beacon_public_key ~ '^[0-9a-f]{192}$');
ALTER TABLE lottery_chains ADD COLUMN beacon_genesis_ms bigint;
ALTER TABLE lottery_chains ADD COLUMN beacon_period_ms integer CHECK (beacon_period_ms > 0);
ALTER TABLE lottery_chains ADD COLUMN beacon_margin_ms integer CHECK (beacon_margin_ms >= 0);
ALTER TABLE lottery_chains ADD CONSTRAINT lottery_chains_beacon_check CHECK (
  scheme = 1 OR (beacon_name IS NOT NULL AND beacon_public_key IS NOT NULL AND beacon_genesis_ms IS NOT NULL
                 AND beacon_period_ms IS NOT NULL AND beacon_margin_ms IS NOT NULL));
-- A retired chain serves no round from retired_from_ordinal on (a lost link, an operator's
-- audited retire command, or the switch to scheme 2). Set once.
ALTER TABLE lottery_chains ADD COLUMN retired_from_ordinal bigint;
ALTER TABLE lottery_chains ADD COLUMN retired_reason text;
ALTER TABLE lottery_chains ADD COLUMN retired_at timestamptz;
ALTER TABLE lottery_chains ADD CONSTRAINT lottery_chains_retired_check CHECK ((retired_from_ordinal IS NULL) = (retired_reason IS NULL) AND (retired_from_ordinal IS NULL) = (retired_at IS NULL));

CREATE FUNCTION lottery_chains_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery chains are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.final_hash <> OLD.final_hash OR NEW.first_ordinal <> OLD.first_ordinal OR NEW.length <> OLD.length
     OR NEW.scheme <> OLD.scheme OR NEW.beacon_public_key IS DISTINCT FROM OLD.beacon_public_key
     OR NEW.beacon_genesis_ms IS DISTINCT FROM OLD.beacon_genesis_ms OR NEW.beacon_period_ms IS DISTINCT FROM OLD.beacon_period_ms
     OR NEW.beacon_margin_ms IS DISTINCT FROM OLD.beacon_margin_ms
     OR OLD.retired_from_ordinal IS NOT NULL AND NEW.retired_from_ordinal IS DISTINCT FROM OLD.retired_from_ordinal THEN
    RAISE EXCEPTION 'a published chain never changes (it can only be retired, once)' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER lottery_chains_guard BEFORE UPDATE OR DELETE ON lottery_chains
  FOR EACH ROW EXECUTE FUNCTION lottery_chains_guard();

-- The beacon round a scheme-2 round draws with, fixed at the round's creation from its lock time.
ALTER TABLE lottery_rounds ADD COLUMN beacon_round bigint CHECK (beacon_round >= 1);

CREATE OR REPLACE FUNCTION lottery_rounds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery rounds are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.status NOT IN ('open', 'locked') OR NEW.digit IS NOT NULL OR NEW.link IS NOT NULL THEN
      RAISE EXCEPTION 'a round starts open or locked, without a result' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.game <> OLD.game OR NEW.room_id <> OLD.room_id OR NEW.ordinal <> OLD.ordinal OR NEW.period <> OLD.period
     OR NEW.chain_id <> OLD.chain_id OR NEW.round_index <> OLD.round_index
     OR NEW.opens_at <> OLD.opens_at OR NEW.locks_at <> OLD.locks_at OR NEW.draws_at <> OLD.draws_at
     OR NEW.beacon_round IS DISTINCT FROM OLD.beacon_round THEN
    RAISE EXCEPTION 'a round''s identity and times never change' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.digit IS NOT NULL AND NEW.digit IS DISTINCT FROM OLD.digit
     OR OLD.link IS NOT NULL AND NEW.link IS DISTINCT FROM OLD.link
     OR OLD.drawn_at IS NOT NULL AND NEW.drawn_at IS DISTINCT FROM OLD.drawn_at THEN
    RAISE EXCEPTION 'a drawn result is never changed' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NOT (
       OLD.status = NEW.status AND NEW.digit IS NOT DISTINCT FROM OLD.digit AND NEW.link IS NOT DISTINCT FROM OLD.link
    OR OLD.status = 'open' AND NEW.status = 'locked'
    OR OLD.status IN ('open', 'locked') AND NEW.status IN ('drawn', 'voided')
    OR OLD.status = 'drawn' AND NEW.status = 'settled'
  ) THEN
    RAISE EXCEPTION 'round status % cannot become %', OLD.status, NEW.status USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- Verified beacon values (signature checked against the key before insert), shared by every
-- room whose chain names that key. Never changed: a round's value is a fact of the beacon.
CREATE TABLE lottery_beacon_values (
  public_key text NOT NULL CHECK (public_key ~ '^[0-9a-f]{192}$'),
  round bigint NOT NULL CHECK (round >= 1),
  signature text NOT NULL CHECK (signature ~ '^[0-9a-f]{96}$'),
  randomness text NOT NULL CHECK (randomness ~ '^[0-9a-f]{64}$'),
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (public_key, round)
);
CREATE TRIGGER lottery_beacon_values_append_only BEFORE UPDATE OR DELETE ON lottery_beacon_values
  FOR EACH ROW EXECUTE FUNCTION lottery_bets_append_only();

-- The public audit record of every voided round (docs/fairness.md "Voids"): why, what it would
-- have drawn where that is known, its stakes and what it would have paid.
CREATE TABLE lottery_void_audits (
  round_id bigint PRIMARY KEY REFERENCES lottery_rounds (id),
  reason text NOT NULL CHECK (reason IN ('link_lost', 'beacon_unavailable', 'chain_retired')),
  would_digit smallint CHECK (would_digit BETWEEN 0 AND 9),
  bets integer NOT NULL,
  stakes_minor bigint NOT NULL,
  would_payout_minor bigint,
  created_at timestamptz NOT NULL
);
CREATE TRIGGER lottery_void_audits_append_only BEFORE UPDATE OR DELETE ON lottery_void_audits
  FOR EACH ROW EXECUTE FUNCTION lottery_bets_append_only();
