-- Every lottery game on one engine (decisions 330-334): K3 and 5D beside Wingo.
--
-- Rounds and chains already carry their game (008). A round's result becomes `outcome`, a short
-- list of small integers whose shape is the game's (Wingo: [digit]; K3: three dice 1-6; 5D: five
-- digits 0-9; Trx Win: [digit]). Wingo keeps writing `digit` too (its reads and the published
-- records use it); every other game leaves `digit` NULL. Both are written once, by the draw.

ALTER TABLE lottery_rounds ADD COLUMN outcome smallint[];

-- Rounds drawn before this migration: their outcome is their digit (written here once, while the
-- old trigger still allows a same-status update that leaves digit and link alone).
UPDATE lottery_rounds SET outcome = ARRAY[digit]::smallint[] WHERE digit IS NOT NULL;

-- The outcome's shape per game; an unknown game has no valid outcome.
CREATE FUNCTION lottery_outcome_valid(game text, outcome smallint[]) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE game
    WHEN 'wingo' THEN cardinality(outcome) = 1 AND outcome[1] BETWEEN 0 AND 9
    WHEN 'trx' THEN cardinality(outcome) = 1 AND outcome[1] BETWEEN 0 AND 9
    WHEN 'k3' THEN cardinality(outcome) = 3 AND 1 <= ALL (outcome) AND 6 >= ALL (outcome)
    WHEN '5d' THEN cardinality(outcome) = 5 AND 0 <= ALL (outcome) AND 9 >= ALL (outcome)
    ELSE false
  END
$$;

-- The old "a drawn round has a digit" check becomes "a drawn round has an outcome" (named by
-- PostgreSQL when 008 created it: found by its definition rather than by a guessed name).
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'lottery_rounds'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%digit IS NOT NULL%'
  LOOP
    EXECUTE format('ALTER TABLE lottery_rounds DROP CONSTRAINT %I', c.conname);
  END LOOP;
END;
$$;
ALTER TABLE lottery_rounds ADD CONSTRAINT lottery_rounds_outcome_check CHECK (
  (status IN ('drawn', 'settled')) = (outcome IS NOT NULL)
  AND (outcome IS NULL OR lottery_outcome_valid(game, outcome))
  -- digit is Wingo's column, equal to its one-value outcome; NULL for the games with another shape.
  AND (CASE WHEN game = 'wingo' THEN digit IS NOT DISTINCT FROM outcome[1] WHEN game IN ('k3', '5d') THEN digit IS NULL ELSE true END)
);

-- The round guard of 017, extended to the outcome: written once by the draw, never changed, and
-- nothing about a result changes once the round was drawn or voided (drawn_at is set).
CREATE OR REPLACE FUNCTION lottery_rounds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery rounds are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.status NOT IN ('open', 'locked') OR NEW.digit IS NOT NULL OR NEW.outcome IS NOT NULL OR NEW.link IS NOT NULL THEN
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
     OR OLD.outcome IS NOT NULL AND NEW.outcome IS DISTINCT FROM OLD.outcome
     OR OLD.link IS NOT NULL AND NEW.link IS DISTINCT FROM OLD.link
     OR OLD.drawn_at IS NOT NULL AND (NEW.drawn_at IS DISTINCT FROM OLD.drawn_at
                                      OR NEW.digit IS DISTINCT FROM OLD.digit OR NEW.outcome IS DISTINCT FROM OLD.outcome) THEN
    RAISE EXCEPTION 'a drawn result is never changed' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NOT (
       OLD.status = NEW.status AND NEW.digit IS NOT DISTINCT FROM OLD.digit AND NEW.outcome IS NOT DISTINCT FROM OLD.outcome
       AND NEW.link IS NOT DISTINCT FROM OLD.link
    OR OLD.status = 'open' AND NEW.status = 'locked'
    OR OLD.status IN ('open', 'locked') AND NEW.status IN ('drawn', 'voided')
    OR OLD.status = 'drawn' AND NEW.status = 'settled'
  ) THEN
    RAISE EXCEPTION 'round status % cannot become %', OLD.status, NEW.status USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- A bet's game: its round's (insertBets takes it from the round row in the same statement). The
-- selection stays text; placement checks it against the game's rule table before it is stored.
-- (A constant default is a catalogue change only: existing rows are Wingo's.)
ALTER TABLE lottery_bets ADD COLUMN game text NOT NULL DEFAULT 'wingo';
ALTER TABLE lottery_bets ALTER COLUMN game DROP DEFAULT;
CREATE INDEX lottery_bets_player_game_idx ON lottery_bets (player_id, game, seq DESC);

-- What a voided round would have drawn, in any game's shape. Audits are append-only, so older
-- rows are not rewritten: for them (Wingo only) the record reads would_digit.
ALTER TABLE lottery_void_audits ADD COLUMN would_outcome smallint[];
