-- Account controls by operators (decision 420): a suspension lives on the player's controls row,
-- the row every money path already locks (FOR UPDATE) in its own transaction before the ledger,
-- so a request racing the suspension is checked one after the other, never around it.
ALTER TABLE safety_controls
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_reason text CHECK (suspension_reason IN ('fraud_suspected', 'payment_dispute', 'identity_unverified', 'responsible_gambling', 'account_sharing', 'other')),
  ADD COLUMN suspension_note text,
  ADD COLUMN suspended_by bigint REFERENCES operators (id),
  ADD CONSTRAINT safety_controls_suspension_whole CHECK (
    (suspended_at IS NULL) = (suspension_reason IS NULL)
    AND (suspended_at IS NULL) = (suspension_note IS NULL)
    AND (suspended_at IS NULL) = (suspended_by IS NULL)
  );

-- The two-person rule, once (decisions 195, 395 and 421): whether an approver is active, and
-- whether a later approver is independent of an earlier one, as functions that the withdrawal
-- approvals and the balance adjustments' approvals both call. Each answers the refusal's reason
-- (the HINT the console reads) or NULL.
CREATE FUNCTION approver_inactive_reason(op bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN o.disabled_at IS NOT NULL OR (o.created_by IS NOT NULL AND o.countersigned_at IS NULL) THEN 'not_countersigned' END
    FROM operators o WHERE o.id = op
$$;
CREATE FUNCTION approver_dependence_reason(me bigint, earlier bigint, requested_at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN operator_made_by(me, earlier) THEN 'created_by_first_approver'
    WHEN operator_made_by(earlier, me) THEN 'created_first_approver'
    WHEN EXISTS (SELECT 1 FROM operators WHERE id = earlier) AND operator_origin(earlier) = operator_origin(me) THEN 'same_origin'
    WHEN (SELECT created_at FROM operators WHERE id = me) > requested_at THEN 'created_after_request'
  END
$$;

-- Migration 024's withdrawal rule, unchanged in effect, now through the shared functions.
CREATE OR REPLACE FUNCTION withdrawal_approvals_independent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text;
  requested_at timestamptz;
  earlier record;
BEGIN
  IF NEW.operator_id !~ '^[0-9]{1,18}$' OR NOT EXISTS (SELECT 1 FROM operators WHERE id = NEW.operator_id::bigint) THEN
    RETURN NEW;
  END IF;
  reason := approver_inactive_reason(NEW.operator_id::bigint);
  IF reason IS NOT NULL THEN
    RAISE EXCEPTION 'approver % is not active (disabled, or made in the console and not countersigned)', NEW.operator_id
      USING ERRCODE = 'CP001', HINT = reason;
  END IF;
  SELECT created_at INTO requested_at FROM withdrawals WHERE id = NEW.withdrawal_id;
  FOR earlier IN
    SELECT a.operator_id FROM withdrawal_approvals a
     WHERE a.withdrawal_id = NEW.withdrawal_id AND a.operator_id <> NEW.operator_id AND a.operator_id ~ '^[0-9]{1,18}$'
  LOOP
    reason := approver_dependence_reason(NEW.operator_id::bigint, earlier.operator_id::bigint, requested_at);
    IF reason IS NOT NULL THEN
      RAISE EXCEPTION 'approver % is not independent of the earlier approver % (%)', NEW.operator_id, earlier.operator_id, reason
        USING ERRCODE = 'CP001', HINT = reason;
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;

-- Balance adjustments (decision 421): an operator's credit or debit of a player's main wallet with
-- a reason code, posted as a ledger transfer of kind `adjustment` against house:adjustments, never
-- a balance edit. At or above the second-approval amount it waits for a second, independent
-- operator; below it the requester's approval posts it at once.
CREATE TABLE player_adjustments (
  id text PRIMARY KEY CHECK (id ~ '^adj_[A-Za-z0-9_-]{8,40}$'),
  player_id bigint NOT NULL REFERENCES players (id),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  reason text NOT NULL CHECK (reason IN ('goodwill', 'payment_correction', 'game_malfunction', 'duplicate_credit', 'chargeback', 'other')),
  note text NOT NULL,
  -- The requesting operator's key: a retried request is the same adjustment.
  idempotency_key text NOT NULL UNIQUE,
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  approvals_needed smallint NOT NULL CHECK (approvals_needed IN (1, 2)),
  status text NOT NULL CHECK (status IN ('awaiting_second_approval', 'applied')),
  transfer_id text,
  applied_at timestamptz,
  CHECK ((status = 'applied') = (transfer_id IS NOT NULL AND applied_at IS NOT NULL))
);
CREATE INDEX player_adjustments_player_idx ON player_adjustments (player_id, requested_at DESC);
CREATE INDEX player_adjustments_waiting_idx ON player_adjustments (requested_at) WHERE status = 'awaiting_second_approval';

CREATE TABLE adjustment_approvals (
  adjustment_id text NOT NULL REFERENCES player_adjustments (id),
  operator_id bigint NOT NULL REFERENCES operators (id),
  at timestamptz NOT NULL,
  PRIMARY KEY (adjustment_id, operator_id)
);

CREATE FUNCTION adjustment_approvals_independent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text;
  requested_at timestamptz;
  earlier record;
BEGIN
  reason := approver_inactive_reason(NEW.operator_id);
  IF reason IS NOT NULL THEN
    RAISE EXCEPTION 'approver % is not active (disabled, or made in the console and not countersigned)', NEW.operator_id
      USING ERRCODE = 'CP001', HINT = reason;
  END IF;
  SELECT a.requested_at INTO requested_at FROM player_adjustments a WHERE a.id = NEW.adjustment_id;
  FOR earlier IN SELECT a.operator_id FROM adjustment_approvals a WHERE a.adjustment_id = NEW.adjustment_id AND a.operator_id <> NEW.operator_id LOOP
    reason := approver_dependence_reason(NEW.operator_id, earlier.operator_id, requested_at);
    IF reason IS NOT NULL THEN
      RAISE EXCEPTION 'approver % is not independent of the earlier approver % (%)', NEW.operator_id, earlier.operator_id, reason
        USING ERRCODE = 'CP001', HINT = reason;
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;
CREATE TRIGGER adjustment_approvals_independent BEFORE INSERT ON adjustment_approvals FOR EACH ROW EXECUTE FUNCTION adjustment_approvals_independent();
CREATE TRIGGER adjustment_approvals_append_only BEFORE UPDATE OR DELETE ON adjustment_approvals FOR EACH ROW EXECUTE FUNCTION append_only_row();

-- Responsible-gambling interaction notes (decision 423): what an operator saw and what they did,
-- kept as licensed operators must. Append-only: a note is never edited or removed.
CREATE TABLE safety_interaction_notes (
  id bigserial PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  operator_id bigint NOT NULL REFERENCES operators (id),
  at timestamptz NOT NULL,
  observed text NOT NULL,
  action_taken text NOT NULL
);
CREATE INDEX safety_interaction_notes_player_idx ON safety_interaction_notes (player_id, id DESC);
CREATE TRIGGER safety_interaction_notes_append_only BEFORE UPDATE OR DELETE ON safety_interaction_notes FOR EACH ROW EXECUTE FUNCTION append_only_row();
