-- Lottery rounds, hash chains and bets (Wingo today; K3, 5D, Trx Win later): docs/architecture.md
-- "Wingo and lottery rounds", decisions 100-109. Only modules/lottery writes these tables.

-- A room's hash chain (docs/fairness.md). The final hash is public from published_at on; the
-- checkpoints (every checkpoint_every-th link and the seed) are the server's secret until each
-- link is revealed by its round's draw.
CREATE TABLE lottery_chains (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game text NOT NULL,
  room_id text NOT NULL,
  -- The round ordinal (rounds since 1970-01-01 00:00 IST in the room) that uses link L[1].
  first_ordinal bigint NOT NULL,
  length integer NOT NULL CHECK (length > 0),
  checkpoint_every integer NOT NULL CHECK (checkpoint_every > 0),
  final_hash text NOT NULL CHECK (final_hash ~ '^[0-9a-f]{64}$'),
  first_period text NOT NULL,
  published_at timestamptz NOT NULL,
  UNIQUE (game, room_id, first_ordinal)
);

CREATE TABLE lottery_chain_checkpoints (
  chain_id bigint NOT NULL REFERENCES lottery_chains (id),
  k integer NOT NULL,
  link text NOT NULL CHECK (link ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (chain_id, k)
);

-- One round of one room. Status machine: open -> locked -> drawn -> settled, or open|locked ->
-- voided (every stake refunded). The result (digit) and the revealed link are written once, by
-- the draw, and never changed: the trigger below refuses anything else, whoever runs the SQL.
CREATE TABLE lottery_rounds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game text NOT NULL,
  room_id text NOT NULL,
  ordinal bigint NOT NULL,
  period text NOT NULL,
  chain_id bigint NOT NULL REFERENCES lottery_chains (id),
  -- k: the round uses link L[k] of its chain.
  round_index integer NOT NULL CHECK (round_index >= 1),
  opens_at timestamptz NOT NULL,
  locks_at timestamptz NOT NULL,
  draws_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'locked', 'drawn', 'settled', 'voided')),
  digit smallint CHECK (digit BETWEEN 0 AND 9),
  link text CHECK (link ~ '^[0-9a-f]{64}$'),
  drawn_at timestamptz,
  settled_at timestamptz,
  UNIQUE (game, room_id, ordinal),
  UNIQUE (game, period),
  CHECK ((status IN ('drawn', 'settled')) = (digit IS NOT NULL)),
  CHECK ((status IN ('drawn', 'settled', 'voided')) = (drawn_at IS NOT NULL))
);
CREATE INDEX lottery_rounds_open_idx ON lottery_rounds (game, room_id, draws_at) WHERE status IN ('open', 'locked', 'drawn');
CREATE INDEX lottery_rounds_history_idx ON lottery_rounds (game, room_id, ordinal DESC) WHERE status IN ('drawn', 'settled', 'voided');

CREATE FUNCTION lottery_rounds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
     OR NEW.opens_at <> OLD.opens_at OR NEW.locks_at <> OLD.locks_at OR NEW.draws_at <> OLD.draws_at THEN
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
CREATE TRIGGER lottery_rounds_guard BEFORE INSERT OR UPDATE OR DELETE ON lottery_rounds
  FOR EACH ROW EXECUTE FUNCTION lottery_rounds_guard();

-- A bet is written once and never updated: whether it won, lost or was refunded follows from
-- its round (status, digit) and the game's rule table (decision 103), so settling a round
-- writes no bet rows.
CREATE TABLE lottery_bets (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE CHECK (id LIKE 'bet\_%'),
  round_id bigint NOT NULL REFERENCES lottery_rounds (id),
  room_id text NOT NULL,
  player_id bigint NOT NULL,
  idempotency_key text NOT NULL,
  selection text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  quantity integer NOT NULL CHECK (quantity > 0),
  multiplier integer NOT NULL CHECK (multiplier > 0),
  total_minor bigint NOT NULL CHECK (total_minor = amount_minor * quantity * multiplier),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
  contract_minor bigint NOT NULL CHECK (contract_minor = total_minor - fee_minor),
  -- The house stake account shard that received the stake (decision 102).
  shard smallint NOT NULL,
  placed_at timestamptz NOT NULL,
  UNIQUE (player_id, idempotency_key)
);
CREATE INDEX lottery_bets_round_idx ON lottery_bets (round_id, player_id);
CREATE INDEX lottery_bets_player_idx ON lottery_bets (player_id, seq DESC);

CREATE FUNCTION lottery_bets_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lottery bets are append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER lottery_bets_append_only BEFORE UPDATE OR DELETE ON lottery_bets
  FOR EACH ROW EXECUTE FUNCTION lottery_bets_append_only();
