-- Operator console (docs/admin.md): operators, their sessions, and the append-only audit log.

CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'finance', 'support')),
  -- AES-256-GCM of the base32 TOTP secret under a key derived from TOKEN_SECRET: a database dump
  -- alone does not give away second factors.
  totp_secret_sealed text NOT NULL,
  -- The last TOTP time step accepted: a code of this step or an earlier one is refused (replay).
  totp_last_step bigint NOT NULL DEFAULT 0,
  failed_logins integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),
  locked_until timestamptz,
  disabled_at timestamptz,
  -- Set for a generated one-time password: the console allows nothing but choosing a new one.
  must_change_password boolean NOT NULL DEFAULT false,
  created_by bigint REFERENCES operators(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only a hash of the session id is stored: a leaked table does not open sessions.
CREATE TABLE operator_sessions (
  id_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

CREATE TABLE operator_audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  operator_id bigint REFERENCES operators(id),
  -- Kept as typed for failed logins of unknown names, and so rows stay readable on their own.
  username text,
  action text NOT NULL,
  target text,
  before jsonb,
  after jsonb,
  ip text,
  user_agent text
);
CREATE INDEX operator_audit_log_operator ON operator_audit_log (operator_id, id);
CREATE INDEX operator_audit_log_action ON operator_audit_log (action, id);

-- Append-only: the database itself refuses to change or remove a row, whatever the code does.
-- (TRUNCATE is a separate privilege; production revokes it from the app role, docs/admin.md.)
CREATE FUNCTION operator_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER operator_audit_log_append_only
  BEFORE UPDATE OR DELETE ON operator_audit_log
  FOR EACH ROW EXECUTE FUNCTION operator_audit_log_append_only();
