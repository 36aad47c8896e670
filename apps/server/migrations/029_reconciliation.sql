-- Reconciliation (decisions 415-417): gateway settlement files matched to our orders,
-- each difference a work item an operator resolves with a reason, and the daily checks.

-- One imported settlement file. Its SHA-256 is unique: importing the same file again (even two
-- imports at once) finds the first import and changes nothing.
CREATE TABLE recon_imports (
  id text PRIMARY KEY CHECK (id LIKE 'rcn\_%'),
  file_sha256 text NOT NULL UNIQUE CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  settlement_date date NOT NULL,
  line_count integer NOT NULL CHECK (line_count >= 0),
  imported_by bigint,
  imported_at timestamptz NOT NULL
);

-- One line of a file (or a credited order the file does not name), as it was matched. Matched
-- items need nothing; the others are work items, open until an operator resolves them, once:
-- `credited` through the normal deposit credit path (the ledger transfer named), or `explained`.
CREATE TABLE recon_items (
  id text PRIMARY KEY CHECK (id LIKE 'rci\_%'),
  import_id text NOT NULL REFERENCES recon_imports (id),
  line_no integer,
  kind text NOT NULL CHECK (kind IN
    ('matched', 'paid_not_credited', 'credited_not_in_file', 'amount_mismatch', 'status_mismatch', 'utr_mismatch', 'unknown_order')),
  order_id text NOT NULL,
  file_line jsonb,
  order_facts jsonb,
  state text NOT NULL CHECK (state IN ('matched', 'open', 'credited', 'explained')),
  reason text,
  resolved_by bigint,
  resolved_at timestamptz,
  transfer_id text,
  created_at timestamptz NOT NULL,
  UNIQUE (import_id, order_id),
  CHECK ((kind = 'matched') = (state = 'matched')),
  CHECK ((state IN ('credited', 'explained')) = (resolved_at IS NOT NULL AND reason IS NOT NULL AND resolved_by IS NOT NULL)),
  CHECK ((state = 'credited') = (transfer_id IS NOT NULL))
);
CREATE INDEX recon_items_open_idx ON recon_items (created_at) WHERE state = 'open';
CREATE INDEX recon_items_import_idx ON recon_items (import_id, line_no);

-- A resolution is final: an item changes once, from open to resolved, and never again; rows are
-- never deleted. The table keeps what an operator decided, as the audit log does.
CREATE FUNCTION recon_items_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'recon_items rows are never deleted';
  END IF;
  IF OLD.state <> 'open' OR NEW.state NOT IN ('credited', 'explained')
     OR (NEW.id, NEW.import_id, NEW.line_no, NEW.kind, NEW.order_id, NEW.file_line, NEW.order_facts, NEW.created_at)
        IS DISTINCT FROM (OLD.id, OLD.import_id, OLD.line_no, OLD.kind, OLD.order_id, OLD.file_line, OLD.order_facts, OLD.created_at) THEN
    RAISE EXCEPTION 'a reconciliation item changes once, from open to resolved';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER recon_items_guard BEFORE UPDATE OR DELETE ON recon_items FOR EACH ROW EXECUTE FUNCTION recon_items_guard();

-- The daily checks: one row per day checked (the job runs on one node; a second run of a day
-- finds its row and does nothing). `differences` is what raised the alert.
CREATE TABLE recon_runs (
  day date PRIMARY KEY,
  ran_at timestamptz NOT NULL,
  differences integer NOT NULL CHECK (differences >= 0),
  result jsonb NOT NULL
);
