-- Decisions 395-397: no lone operator passes the two-person rule; enrolment links bound to their
-- first opener; the history the two-person rule and responsible gambling read is append-only.

-- An operator's "origin": the operator at the top of its chain of creators (one the CLI made,
-- created_by NULL). Whoever created an operator was shown its enrolment link and may have opened
-- it himself, so every operator below an origin may be that one person: the database treats an
-- origin's whole tree as one person for the two-person rule and for countersignatures. Chains
-- cannot loop (created_by names an older row and may no longer change, below); the depth guard
-- only keeps a damaged table from recursing for ever.
CREATE FUNCTION operator_chain(op bigint) RETURNS TABLE (id bigint, depth integer) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, created_by, depth) AS (
    SELECT o.id, o.created_by, 0 FROM operators o WHERE o.id = op
    UNION ALL
    SELECT o.id, o.created_by, up.depth + 1 FROM operators o JOIN up ON o.id = up.created_by WHERE up.depth < 1000
  )
  SELECT up.id, up.depth FROM up
$$;
CREATE FUNCTION operator_origin(op bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT c.id FROM operator_chain(op) c ORDER BY c.depth DESC LIMIT 1
$$;
-- Whether `maker` created `op`, directly or down the chain (A made B, B made C: C is A's).
CREATE FUNCTION operator_made_by(op bigint, maker bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM operator_chain(op) c WHERE c.depth > 0 AND c.id = maker)
$$;

-- Countersignature (decision 395): an admin or finance operator made in the console may approve
-- money, or manage operators, only after an admin of another origin countersigned it (once it
-- enrolled). Operators the CLI made (the owner's bootstrap on the server) need none. Operators
-- made in the console before this migration are not countersigned: they wait like new ones.
ALTER TABLE operators ADD COLUMN countersigned_by bigint REFERENCES operators (id);
ALTER TABLE operators ADD COLUMN countersigned_at timestamptz;
ALTER TABLE operators ADD CONSTRAINT operators_countersign_pair CHECK ((countersigned_by IS NULL) = (countersigned_at IS NULL));

-- Enrolment binding (decision 396): the first opening of a link returns a key to that browser
-- alone (only its SHA-256 is kept); a second opening is refused, and completing needs the key.
ALTER TABLE operators ADD COLUMN enrolment_opener_hash text;

-- What the app may change on an operator, whatever code runs (decision 397). The columns the
-- two-person rule reads (creator, creation time, role) never change; a countersignature is given
-- once, by an active admin of another origin, and never taken back or rewritten; a disabled
-- operator stays disabled; an enrolled operator's second factor and enrolment stay as they are
-- (the console has no reset: a lost authenticator means a new operator).
CREATE FUNCTION operators_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signer record;
BEGIN
  IF NEW.created_by IS DISTINCT FROM OLD.created_by OR NEW.created_at IS DISTINCT FROM OLD.created_at OR NEW.role IS DISTINCT FROM OLD.role THEN
    RAISE EXCEPTION 'operators.created_by, created_at and role never change (operator %)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.disabled_at IS NOT NULL AND NEW.disabled_at IS DISTINCT FROM OLD.disabled_at THEN
    RAISE EXCEPTION 'a disabled operator stays disabled (operator %)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.enrolled_at IS NOT NULL AND (NEW.enrolled_at IS DISTINCT FROM OLD.enrolled_at OR NEW.totp_secret_sealed IS DISTINCT FROM OLD.totp_secret_sealed) THEN
    RAISE EXCEPTION 'an enrolled operator keeps its second factor (operator %)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.countersigned_at IS NOT NULL AND (NEW.countersigned_at IS DISTINCT FROM OLD.countersigned_at OR NEW.countersigned_by IS DISTINCT FROM OLD.countersigned_by) THEN
    RAISE EXCEPTION 'a countersignature is never changed (operator %)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.countersigned_at IS NULL AND NEW.countersigned_at IS NOT NULL THEN
    IF NEW.created_by IS NULL OR NEW.role NOT IN ('admin', 'finance') OR NEW.enrolled_at IS NULL OR NEW.disabled_at IS NOT NULL THEN
      RAISE EXCEPTION 'operator % cannot be countersigned (made by the CLI, no money role, not enrolled or disabled)', NEW.id
        USING ERRCODE = 'CP002', HINT = 'not_countersignable';
    END IF;
    SELECT id, role, created_by, countersigned_at, enrolled_at, disabled_at INTO signer FROM operators WHERE id = NEW.countersigned_by;
    IF NOT FOUND OR signer.role <> 'admin' OR signer.enrolled_at IS NULL OR signer.disabled_at IS NOT NULL
       OR (signer.created_by IS NOT NULL AND signer.countersigned_at IS NULL) THEN
      RAISE EXCEPTION 'operator % may only be countersigned by an active admin', NEW.id USING ERRCODE = 'CP002', HINT = 'signer_not_active_admin';
    END IF;
    IF signer.id = NEW.id OR signer.id = NEW.created_by OR operator_origin(signer.id) = operator_origin(NEW.id) THEN
      RAISE EXCEPTION 'operator % must be countersigned by an admin of another origin than its creator', NEW.id
        USING ERRCODE = 'CP002', HINT = 'same_origin';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER operators_guard BEFORE UPDATE ON operators FOR EACH ROW EXECUTE FUNCTION operators_guard();
-- Operators are never deleted: audit rows, approvals and sessions name them.
CREATE TRIGGER operators_never_deleted BEFORE DELETE ON operators FOR EACH ROW EXECUTE FUNCTION append_only_row();

-- The two-person rule (decisions 195 and 395), replacing migration 016's function. Every approval
-- (the first too) must come from an active operator: not disabled and, if the console made it,
-- countersigned. A second approval must come from another origin than every earlier one (so two
-- operators one admin made, or made through operators it made, never pass together), and from an
-- operator created before the withdrawal was requested. The more precise reasons of migration 016
-- are kept (they name who created whom in the alert).
CREATE OR REPLACE FUNCTION withdrawal_approvals_independent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me record;
  requested_at timestamptz;
  earlier record;
BEGIN
  IF NEW.operator_id !~ '^[0-9]{1,18}$' THEN
    RETURN NEW;
  END IF;
  SELECT id, created_at, created_by, countersigned_at, disabled_at INTO me FROM operators WHERE id = NEW.operator_id::bigint;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF me.disabled_at IS NOT NULL OR (me.created_by IS NOT NULL AND me.countersigned_at IS NULL) THEN
    RAISE EXCEPTION 'approver % is not active (disabled, or made in the console and not countersigned)', NEW.operator_id
      USING ERRCODE = 'CP001', HINT = 'not_countersigned';
  END IF;
  FOR earlier IN
    SELECT a.operator_id FROM withdrawal_approvals a
     WHERE a.withdrawal_id = NEW.withdrawal_id AND a.operator_id <> NEW.operator_id AND a.operator_id ~ '^[0-9]{1,18}$'
  LOOP
    -- Created by the earlier approver, directly or down a chain.
    IF operator_made_by(me.id, earlier.operator_id::bigint) THEN
      RAISE EXCEPTION 'second approver % was created by the first approver %', NEW.operator_id, earlier.operator_id
        USING ERRCODE = 'CP001', HINT = 'created_by_first_approver';
    END IF;
    -- Or the other way round: the second approver made the first one.
    IF operator_made_by(earlier.operator_id::bigint, me.id) THEN
      RAISE EXCEPTION 'second approver % created the first approver %', NEW.operator_id, earlier.operator_id
        USING ERRCODE = 'CP001', HINT = 'created_first_approver';
    END IF;
    -- Neither made the other, but one person may stand behind both (siblings, cousins).
    IF EXISTS (SELECT 1 FROM operators WHERE id = earlier.operator_id::bigint) AND operator_origin(earlier.operator_id::bigint) = operator_origin(me.id) THEN
      RAISE EXCEPTION 'second approver % has the same origin as the first approver %', NEW.operator_id, earlier.operator_id
        USING ERRCODE = 'CP001', HINT = 'same_origin';
    END IF;
    SELECT created_at INTO requested_at FROM withdrawals WHERE id = NEW.withdrawal_id;
    IF me.created_at > requested_at THEN
      RAISE EXCEPTION 'second approver % was created after withdrawal % was requested', NEW.operator_id, NEW.withdrawal_id
        USING ERRCODE = 'CP001', HINT = 'created_after_request';
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;

-- Append-only for the app (decision 397): who approved a withdrawal, and a player's history of
-- responsible-gambling changes, are never edited or removed. No code path updates or deletes
-- them; tests empty tables with TRUNCATE as the owner role, which row triggers do not see.
CREATE TRIGGER withdrawal_approvals_append_only BEFORE UPDATE OR DELETE ON withdrawal_approvals FOR EACH ROW EXECUTE FUNCTION append_only_row();
CREATE TRIGGER safety_changes_append_only BEFORE UPDATE OR DELETE ON safety_changes FOR EACH ROW EXECUTE FUNCTION append_only_row();
