-- Platform pieces every domain shares: the domain-event outbox and its per-handler delivery
-- records (src/events). (Jobs, src/jobs, need no table: their leader is an advisory lock.)

-- Written in the same transaction as the change it reports, so the news and the change commit
-- or roll back together. `seq` gives a stable scan order; `dispatched_at` is set once every
-- handler has delivered it (or given up), so the safety-net poll reads only the open ones.
CREATE TABLE domain_events (
  id text PRIMARY KEY CHECK (id LIKE 'evt\_%'),
  seq bigserial NOT NULL UNIQUE,
  name text NOT NULL,
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  dispatched_at timestamptz
);
CREATE INDEX domain_events_open_idx ON domain_events (seq) WHERE dispatched_at IS NULL;

-- One row per (event, handler). A handler's own writes commit in the same transaction as
-- `delivered_at`, so a delivered event is never handed to the same handler again, even after a
-- restart or on another node. A failure counts an attempt and sets the next try (backoff).
CREATE TABLE domain_event_deliveries (
  event_id text NOT NULL REFERENCES domain_events (id),
  handler text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  delivered_at timestamptz,
  gave_up_at timestamptz,
  PRIMARY KEY (event_id, handler)
);

-- A notification written for a domain event names it; the unique index makes a second write
-- for the same event and player a no-op, whatever path tries it.
ALTER TABLE notifications ADD COLUMN source_event_id text;
CREATE UNIQUE INDEX notifications_source_event_idx ON notifications (source_event_id, player_id)
  WHERE source_event_id IS NOT NULL;
