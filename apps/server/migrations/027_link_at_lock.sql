-- A locked round is decided by public data alone (decisions 380-383).
--
-- 1. A round's link L[k] is stored, in plain text, when its row is created (before any bet can be
--    placed on it) and published from its lock time on. Once stored it never changes, and the
--    draw reads it from the row: a round that exists never needs LOTTERY_CHAIN_SECRET again, so
--    neither a lost secret nor `retire-chains` can void it. A row written before this migration
--    gets its link when the engine first sees it (it is then still open or locked).
-- 2. Only the chains that serve at least one round start at distinct rounds: a chain retired from
--    its first round serves none, and the chain that replaces it starts at that same round (the
--    old unique constraint pushed the replacement one round on at every engine run).
-- 3. The sandbox beacon's key is its own (one row), no longer derived from LOTTERY_CHAIN_SECRET.
-- 4. Voided rounds are listed per game and room (GET /api/lottery/{game}/voids).

CREATE OR REPLACE FUNCTION lottery_rounds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery rounds are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    -- A chain round may start with its link (stored at creation, published from its lock on).
    IF NEW.status NOT IN ('open', 'locked') OR NEW.digit IS NOT NULL OR NEW.outcome IS NOT NULL THEN
      RAISE EXCEPTION 'a round starts open or locked, without a result' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.game <> OLD.game OR NEW.room_id <> OLD.room_id OR NEW.ordinal <> OLD.ordinal OR NEW.period <> OLD.period
     OR NEW.chain_id IS DISTINCT FROM OLD.chain_id OR NEW.round_index IS DISTINCT FROM OLD.round_index
     OR NEW.opens_at <> OLD.opens_at OR NEW.locks_at <> OLD.locks_at OR NEW.draws_at <> OLD.draws_at
     OR NEW.beacon_round IS DISTINCT FROM OLD.beacon_round THEN
    RAISE EXCEPTION 'a round''s identity and times never change' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.digit IS NOT NULL AND NEW.digit IS DISTINCT FROM OLD.digit
     OR OLD.outcome IS NOT NULL AND NEW.outcome IS DISTINCT FROM OLD.outcome
     OR OLD.link IS NOT NULL AND NEW.link IS DISTINCT FROM OLD.link
     OR OLD.drawn_at IS NOT NULL AND (NEW.drawn_at IS DISTINCT FROM OLD.drawn_at
                                      OR NEW.digit IS DISTINCT FROM OLD.digit OR NEW.outcome IS DISTINCT FROM OLD.outcome) THEN
    RAISE EXCEPTION 'a drawn result or a revealed link is never changed' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NOT (
       OLD.status = NEW.status AND NEW.digit IS NOT DISTINCT FROM OLD.digit AND NEW.outcome IS NOT DISTINCT FROM OLD.outcome
       -- The one change a waiting round may get: its link, once (a row from before 024).
       AND (NEW.link IS NOT DISTINCT FROM OLD.link OR OLD.link IS NULL AND OLD.status IN ('open', 'locked'))
    OR OLD.status = 'open' AND NEW.status = 'locked'
    OR OLD.status IN ('open', 'locked') AND NEW.status IN ('drawn', 'voided')
    OR OLD.status = 'drawn' AND NEW.status = 'settled'
  ) THEN
    RAISE EXCEPTION 'round status % cannot become %', OLD.status, NEW.status USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.game = 'trx' AND OLD.status IN ('open', 'locked') AND NEW.status = 'drawn'
     AND NOT EXISTS (SELECT 1 FROM lottery_trx_blocks b
                      WHERE b.round_id = NEW.id AND NEW.outcome = ARRAY[trx_digit_of_block_id(b.block_id)]::smallint[]) THEN
    RAISE EXCEPTION 'a Trx Win round is drawn only with its stored TRON block, whose digit is its outcome' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- 2. Distinct starts only among the chains that serve a round.
ALTER TABLE lottery_chains DROP CONSTRAINT lottery_chains_game_room_id_first_ordinal_key;
CREATE UNIQUE INDEX lottery_chains_serving_start_key ON lottery_chains (game, room_id, first_ordinal)
  WHERE retired_from_ordinal IS NULL OR retired_from_ordinal > first_ordinal;

-- 3. The sandbox beacon's BLS secret key (a development and test stand-in for drand: whoever
--    reads this row can sign any round, which is why a sandbox chain proves nothing). One row,
--    written once.
CREATE TABLE lottery_sandbox_beacon (
  id smallint PRIMARY KEY CONSTRAINT lottery_sandbox_beacon_one CHECK (id = 1),
  secret_key text NOT NULL CHECK (secret_key ~ '^[0-9a-f]{64}$'),
  public_key text NOT NULL CHECK (public_key ~ '^[0-9a-f]{192}$'),
  created_at timestamptz NOT NULL
);
CREATE TRIGGER lottery_sandbox_beacon_append_only BEFORE UPDATE OR DELETE ON lottery_sandbox_beacon
  FOR EACH ROW EXECUTE FUNCTION append_only_row();

-- 4. The voids of a room, newest first.
CREATE INDEX lottery_rounds_voided_idx ON lottery_rounds (game, room_id, ordinal DESC) WHERE status = 'voided';
