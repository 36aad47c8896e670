-- Players, their sessions (refresh-token families), one-time codes, notifications, the sandbox
-- SMS outbox and the shared rate-limit counters.

CREATE TABLE players (
  id bigserial PRIMARY KEY,
  uid bigint NOT NULL UNIQUE,
  phone text NOT NULL UNIQUE CHECK (phone ~ '^[6-9][0-9]{9}$'),
  password_hash text NOT NULL,
  nickname text NOT NULL,
  avatar smallint NOT NULL DEFAULT 1 CHECK (avatar BETWEEN 1 AND 20),
  invite_code text,
  age_confirmed_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);

-- One row per login: the refresh-token family. Revoking it ends the session everywhere.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason text
);
CREATE INDEX sessions_player_idx ON sessions (player_id) WHERE revoked_at IS NULL;

-- Every refresh token ever issued, by hash. A token is used once; presenting a used one again
-- means it was stolen or replayed, and the whole family is revoked.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE otp_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('reset_password')),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz
);
CREATE INDEX otp_codes_phone_idx ON otp_codes (phone, purpose, created_at DESC);

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  player_id bigint NOT NULL REFERENCES players (id),
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_player_idx ON notifications (player_id, id DESC);

CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone, id DESC);

-- Fixed-window counters shared by every node (login, register and code requests).
CREATE TABLE rate_limit_counters (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
