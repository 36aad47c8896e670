-- Account closure by operators (decision 440): like a suspension it lives on the player's controls
-- row, the row every money path already locks (FOR UPDATE) or share-locks before the ledger, so a
-- deposit, bet or launch racing the closure is checked after it, never around it.
ALTER TABLE safety_controls
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN closure_reason text CHECK (closure_reason IN ('player_request', 'responsible_gambling', 'fraud_aml', 'duplicate_account', 'deceased_legal')),
  ADD COLUMN closure_note text,
  ADD COLUMN closed_by bigint REFERENCES operators (id),
  ADD CONSTRAINT safety_controls_closure_whole CHECK ((closed_at IS NULL) = (closure_reason IS NULL) AND (closed_at IS NULL) = (closed_by IS NULL));

-- A closure is final: once set, no statement (the app's or a hand-typed one) clears or rewrites it.
CREATE FUNCTION safety_controls_closure_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL AND (
    NEW.closed_at IS DISTINCT FROM OLD.closed_at OR NEW.closure_reason IS DISTINCT FROM OLD.closure_reason
    OR NEW.closure_note IS DISTINCT FROM OLD.closure_note OR NEW.closed_by IS DISTINCT FROM OLD.closed_by
  ) THEN
    RAISE EXCEPTION 'the closure of player % is final', OLD.player_id USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER safety_controls_closure_final BEFORE UPDATE ON safety_controls FOR EACH ROW EXECUTE FUNCTION safety_controls_closure_final();
