-- Support tickets (docs/support.md, decisions 450-453): a player's problem, optionally linked to
-- one of their own records, its thread (replies, and operators' internal notes), attachments kept
-- in the KYC document store, and a formal complaint's final response.

CREATE TABLE support_tickets (
  id text PRIMARY KEY CHECK (id LIKE 'tkt\_%'),
  player_id bigint NOT NULL REFERENCES players (id),
  category text NOT NULL CHECK (category IN ('deposit', 'withdrawal', 'game', 'kyc', 'account', 'other')),
  status text NOT NULL CHECK (status IN ('open', 'waiting_player', 'resolved')),
  -- The linked record (a typed reference the service checked is the player's own when opening).
  link_kind text CHECK (link_kind IN ('deposit', 'withdrawal', 'bet', 'kyc')),
  link_id text,
  complaint boolean NOT NULL DEFAULT false,
  assignee_id bigint REFERENCES operators (id),
  assignee_username text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- When support should answer by: set while open, null while waiting for the player or resolved.
  response_due_at timestamptz,
  resolved_at timestamptz,
  reopenable_until timestamptz,
  outcome text CHECK (outcome IN ('upheld', 'partly_upheld', 'not_upheld')),
  final_response text,
  adr_text text,
  final_response_at timestamptz,
  CHECK ((link_kind IS NULL) = (link_id IS NULL)),
  CHECK ((status = 'open') = (response_due_at IS NOT NULL)),
  CHECK ((status = 'resolved') = (resolved_at IS NOT NULL)),
  CHECK ((outcome IS NULL) = (final_response IS NULL))
);
CREATE INDEX support_tickets_player_idx ON support_tickets (player_id, updated_at DESC);
-- The console's queue: unresolved tickets by due time.
CREATE INDEX support_tickets_queue_idx ON support_tickets (status, response_due_at);

-- The thread, append-only: a message is never edited or removed.
CREATE TABLE support_messages (
  id text PRIMARY KEY CHECK (id LIKE 'msg\_%'),
  seq bigserial NOT NULL UNIQUE,
  ticket_id text NOT NULL REFERENCES support_tickets (id),
  author text NOT NULL CHECK (author IN ('player', 'operator')),
  operator_id bigint REFERENCES operators (id),
  operator_username text,
  -- An internal note: operators only; never in the player's view, never an event.
  internal boolean NOT NULL DEFAULT false,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  at timestamptz NOT NULL,
  CHECK ((author = 'operator') = (operator_id IS NOT NULL)),
  CHECK (author = 'operator' OR NOT internal)
);
CREATE INDEX support_messages_ticket_idx ON support_messages (ticket_id, seq);
CREATE TRIGGER support_messages_append_only BEFORE UPDATE OR DELETE ON support_messages
  FOR EACH ROW EXECUTE FUNCTION append_only_row();

CREATE TABLE support_attachments (
  id text PRIMARY KEY CHECK (id LIKE 'att\_%'),
  message_id text NOT NULL REFERENCES support_messages (id),
  ticket_id text NOT NULL REFERENCES support_tickets (id),
  -- The file lives in the document store (as KYC documents), never in the database.
  document_key text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  bytes integer NOT NULL CHECK (bytes > 0),
  file_name text
);
CREATE INDEX support_attachments_message_idx ON support_attachments (message_id);
