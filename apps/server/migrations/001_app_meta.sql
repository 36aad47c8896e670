-- Key/value facts about this installation (for example when it was first started).
CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO app_meta (key, value) VALUES ('installed_at', now()::text);
