-- Auth hardening (decisions 040-044): registration codes, sandbox outbox handles, login slow-down and the
-- refresh-token grace window.

-- A registration proves the phone with a one-time code, like a password reset.
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('reset_password', 'register'));

-- The sandbox outbox answers only by the one-time handle returned to the browser that asked
-- for the code (its SHA-256 is kept), never by phone number.
ALTER TABLE sms_outbox ADD COLUMN handle_hash text;
CREATE INDEX sms_outbox_handle_idx ON sms_outbox (handle_hash) WHERE handle_hash IS NOT NULL;

-- Failed logins per phone number: after a few failures each further try waits a growing delay
-- (decision 042). A success deletes the row.
CREATE TABLE login_failures (
  phone text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures >= 0),
  last_failure_at timestamptz NOT NULL,
  next_try_at timestamptz NOT NULL
);

-- The token a refresh rotated to, so a racing second refresh within the grace window gets the
-- same successor instead of revoking the session (decision 043).
ALTER TABLE refresh_tokens ADD COLUMN successor_hash text;
