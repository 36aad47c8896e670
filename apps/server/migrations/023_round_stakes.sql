-- Each player's stake so far in each round (decision 371), kept by the database itself.
--
-- The bet batch checks the per-round limit against what the player already staked in the round.
-- It used to sum the player's bets of the round, a read that grew with every bet (a player with
-- 300 bets in a round read 300 rows for the next one). This table holds the sum, one row per
-- (round, player), maintained by a statement trigger on lottery_bets: whatever inserts bets, the
-- sum follows in the same statement, and nothing else may write it.

CREATE TABLE lottery_round_stakes (
  round_id bigint NOT NULL REFERENCES lottery_rounds (id),
  player_id bigint NOT NULL,
  staked_minor bigint NOT NULL CONSTRAINT lottery_round_stakes_positive CHECK (staked_minor > 0),
  PRIMARY KEY (round_id, player_id)
);

INSERT INTO lottery_round_stakes (round_id, player_id, staked_minor)
  SELECT round_id, player_id, sum(total_minor) FROM lottery_bets GROUP BY round_id, player_id;

CREATE FUNCTION lottery_round_stakes_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One row per (round, player) of the statement, in key order (two batches never wait on each
  -- other in opposite orders); bets are append-only, so the sum only grows.
  INSERT INTO lottery_round_stakes AS s (round_id, player_id, staked_minor)
    SELECT round_id, player_id, sum(total_minor) FROM new_bets GROUP BY round_id, player_id ORDER BY round_id, player_id
  ON CONFLICT (round_id, player_id) DO UPDATE SET staked_minor = s.staked_minor + excluded.staked_minor;
  RETURN NULL;
END;
$$;
CREATE TRIGGER lottery_bets_round_stakes AFTER INSERT ON lottery_bets REFERENCING NEW TABLE AS new_bets
  FOR EACH STATEMENT EXECUTE FUNCTION lottery_round_stakes_add();

-- Only that trigger writes the sums: a direct INSERT, UPDATE or DELETE (trigger depth 0) is refused.
CREATE FUNCTION lottery_round_stakes_reject() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lottery_round_stakes is written only by the bets it sums: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER lottery_round_stakes_guard BEFORE INSERT OR UPDATE OR DELETE ON lottery_round_stakes
  FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION lottery_round_stakes_reject();
