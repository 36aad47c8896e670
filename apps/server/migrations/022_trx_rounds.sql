-- Trx Win rounds on the round engine (decisions 351-352).
--
-- A Trx Win round has no fairness chain: its result is read from the first TRON block after its
-- lock time (docs/fairness.md "Trx Win"). So chain_id and round_index are NULL exactly for it, and
-- the deciding block and its parent are stored with the round, written once, in the draw's
-- transaction, and never changed.

ALTER TABLE lottery_rounds ALTER COLUMN chain_id DROP NOT NULL;
ALTER TABLE lottery_rounds ALTER COLUMN round_index DROP NOT NULL;
ALTER TABLE lottery_rounds ADD CONSTRAINT lottery_rounds_source_check CHECK (
  (game = 'trx') = (chain_id IS NULL)
  AND (game = 'trx') = (round_index IS NULL)
  -- No link and no beacon round: nothing of the fair scheme applies to a Trx Win round.
  AND (game <> 'trx' OR (link IS NULL AND beacon_round IS NULL AND digit IS NULL))
);

-- The deciding block of a drawn Trx Win round and its parent, as a full node prints their headers
-- ({"blockID", "raw_data"}): what the fairness record publishes and a verifier recomputes.
CREATE TABLE lottery_trx_blocks (
  round_id bigint PRIMARY KEY REFERENCES lottery_rounds (id),
  block_number bigint NOT NULL CHECK (block_number >= 1),
  block_id text NOT NULL CHECK (block_id ~ '^[0-9a-f]{64}$'),
  block_timestamp_ms bigint NOT NULL,
  block_header jsonb NOT NULL,
  parent_header jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  -- The columns are the header's own values, and the parent is the block's parent.
  CONSTRAINT lottery_trx_blocks_header_check CHECK (
    block_header->>'blockID' = block_id
    AND (block_header->'raw_data'->>'number')::bigint = block_number
    AND (block_header->'raw_data'->>'timestamp')::bigint = block_timestamp_ms
    AND (parent_header->'raw_data'->>'number')::bigint = block_number - 1
    AND block_header->'raw_data'->>'parentHash' = parent_header->>'blockID'
    AND parent_header->>'blockID' ~ '^[0-9a-f]{64}$'
  )
);

-- Nobody changes or removes a stored block (a re-read block would be a chosen result).
CREATE TRIGGER lottery_trx_blocks_append_only BEFORE UPDATE OR DELETE ON lottery_trx_blocks
  FOR EACH ROW EXECUTE FUNCTION append_only_row();

-- The digit rule of docs/fairness.md "Trx Win", on a block id: its last 48 hex characters read
-- from the right, the first 0-9 is the digit; all letters: the last one's value minus 10.
CREATE FUNCTION trx_digit_of_block_id(block_id text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE((regexp_match(reverse(substr(block_id, 17)), '[0-9]'))[1]::smallint,
                  (ascii(right(block_id, 1)) - ascii('a'))::smallint)
$$;

-- Blocks are written only by the draw, before it marks the round drawn, in its transaction: the
-- round must be a Trx Win round still waiting for its result, and the pair must be its deciding
-- block by the lock time (the parent at or before the lock, the block after it).
CREATE FUNCTION lottery_trx_blocks_insert_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  SELECT game, status, locks_at INTO r FROM lottery_rounds WHERE id = NEW.round_id;
  IF r.game IS DISTINCT FROM 'trx' OR r.status NOT IN ('open', 'locked') THEN
    RAISE EXCEPTION 'a TRON block is stored only by the draw of a Trx Win round' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NOT ((NEW.parent_header->'raw_data'->>'timestamp')::bigint <= (extract(epoch FROM r.locks_at) * 1000)::bigint
          AND NEW.block_timestamp_ms > (extract(epoch FROM r.locks_at) * 1000)::bigint) THEN
    RAISE EXCEPTION 'block % is not the deciding block of the round''s lock time', NEW.block_number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER lottery_trx_blocks_insert_guard BEFORE INSERT ON lottery_trx_blocks
  FOR EACH ROW EXECUTE FUNCTION lottery_trx_blocks_insert_guard();

-- The round guard of 020: chain_id and round_index may be NULL now (IS DISTINCT FROM), and a
-- Trx Win round is drawn only with its stored block, whose digit is its outcome.
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
  IF NEW.game = 'trx' AND OLD.status IN ('open', 'locked') AND NEW.status = 'drawn'
     AND NOT EXISTS (SELECT 1 FROM lottery_trx_blocks b
                      WHERE b.round_id = NEW.id AND NEW.outcome = ARRAY[trx_digit_of_block_id(b.block_id)]::smallint[]) THEN
    RAISE EXCEPTION 'a Trx Win round is drawn only with its stored TRON block, whose digit is its outcome' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- A Trx Win round is refunded only when no checked TRON block was had for a day (decision 342).
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'lottery_void_audits'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%beacon_unavailable%'
  LOOP
    EXECUTE format('ALTER TABLE lottery_void_audits DROP CONSTRAINT %I', c.conname);
  END LOOP;
END;
$$;
ALTER TABLE lottery_void_audits ADD CONSTRAINT lottery_void_audits_reason_check
  CHECK (reason IN ('link_lost', 'beacon_unavailable', 'chain_retired', 'tron_unavailable'));
