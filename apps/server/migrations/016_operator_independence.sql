-- Decision 195: operators who cannot approve alone, enrolment by link, console alerts, PAN checks.

-- Enrolment: an operator made in the console or the CLI gets no password or TOTP secret anyone
-- else could read. The creator is shown a one-time link (only its SHA-256 is kept, it expires);
-- the new operator opens it, sees their own TOTP secret, confirms a code and chooses a password.
-- Until then `enrolled_at` is NULL and sign-in is refused. Operators created before this
-- migration (and the demo operator) count as enrolled.
ALTER TABLE operators ADD COLUMN enrolled_at timestamptz;
UPDATE operators SET enrolled_at = created_at;
ALTER TABLE operators ADD COLUMN enrolment_token_hash text UNIQUE;
ALTER TABLE operators ADD COLUMN enrolment_expires_at timestamptz;
-- The secret offered by the last opening of the link, sealed like totp_secret_sealed; it becomes
-- the operator's only when they confirm a code from it.
ALTER TABLE operators ADD COLUMN enrolment_totp_sealed text;
ALTER TABLE operators ADD CONSTRAINT operators_enrolment_link CHECK (enrolled_at IS NOT NULL OR (enrolment_token_hash IS NOT NULL AND enrolment_expires_at IS NOT NULL));

-- The two-person rule, in the database (decisions 143 and 195). A second approval of a
-- withdrawal must come from an operator who is independent of every earlier approver: not one
-- created by an earlier approver (nor its creator), and not one created after the withdrawal was
-- requested; "created by" follows the chain of creators (an operator made by one the first
-- approver made is still theirs). Whatever code path inserts the approval, the transaction that
-- tries fails here. Two operators made by the same third one are allowed (a team whose admin
-- made every account must still work) but raise an alert (modules/admin).
-- Approver ids that are not operators' (`op_*` strings of the withdrawals module's own tests)
-- are left to the primary key, which already refuses the same approver twice.
CREATE FUNCTION withdrawal_approvals_independent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me_created_at timestamptz;
  requested_at timestamptz;
  earlier record;
BEGIN
  IF NEW.operator_id !~ '^[0-9]{1,18}$' THEN
    RETURN NEW;
  END IF;
  SELECT created_at INTO me_created_at FROM operators WHERE id = NEW.operator_id::bigint;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  FOR earlier IN
    SELECT a.operator_id FROM withdrawal_approvals a
     WHERE a.withdrawal_id = NEW.withdrawal_id AND a.operator_id <> NEW.operator_id AND a.operator_id ~ '^[0-9]{1,18}$'
  LOOP
    -- Created by the earlier approver, directly or down a chain (A made B, B made C: C is A's).
    IF EXISTS (
      WITH RECURSIVE up(id, created_by, depth) AS (
        SELECT id, created_by, 0 FROM operators WHERE id = NEW.operator_id::bigint
        UNION ALL
        SELECT o.id, o.created_by, up.depth + 1 FROM operators o JOIN up ON o.id = up.created_by WHERE up.depth < 64
      ) SELECT 1 FROM up WHERE up.depth > 0 AND up.id = earlier.operator_id::bigint
    ) THEN
      RAISE EXCEPTION 'second approver % was created by the first approver %', NEW.operator_id, earlier.operator_id
        USING ERRCODE = 'CP001', HINT = 'created_by_first_approver';
    END IF;
    -- Or the other way round: the second approver made the first one.
    IF EXISTS (
      WITH RECURSIVE up(id, created_by, depth) AS (
        SELECT id, created_by, 0 FROM operators WHERE id = earlier.operator_id::bigint
        UNION ALL
        SELECT o.id, o.created_by, up.depth + 1 FROM operators o JOIN up ON o.id = up.created_by WHERE up.depth < 64
      ) SELECT 1 FROM up WHERE up.depth > 0 AND up.id = NEW.operator_id::bigint
    ) THEN
      RAISE EXCEPTION 'second approver % created the first approver %', NEW.operator_id, earlier.operator_id
        USING ERRCODE = 'CP001', HINT = 'created_first_approver';
    END IF;
    SELECT created_at INTO requested_at FROM withdrawals WHERE id = NEW.withdrawal_id;
    IF me_created_at > requested_at THEN
      RAISE EXCEPTION 'second approver % was created after withdrawal % was requested', NEW.operator_id, NEW.withdrawal_id
        USING ERRCODE = 'CP001', HINT = 'created_after_request';
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;
CREATE TRIGGER withdrawal_approvals_independent
  BEFORE INSERT ON withdrawal_approvals
  FOR EACH ROW EXECUTE FUNCTION withdrawal_approvals_independent();

-- What the console raises for an operator to look at: patterns of one person acting as two, a
-- replayed enrolment link, a PAN on several accounts. Append-only like the audit log (each alert
-- is also an audit row); the app role may only INSERT and SELECT it (db/roles.ts).
CREATE FUNCTION append_only_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TABLE operator_alerts (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL,
  operator_id bigint REFERENCES operators(id),
  target text,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX operator_alerts_at ON operator_alerts (id DESC);
CREATE TRIGGER operator_alerts_append_only
  BEFORE UPDATE OR DELETE ON operator_alerts
  FOR EACH ROW EXECUTE FUNCTION append_only_row();

-- The KYC queue looks up other accounts with the same PAN.
CREATE INDEX kyc_submissions_pan_open ON kyc_submissions (pan_number) WHERE status IN ('pending', 'verified');
