-- Withdrawals (docs/payments.md): payout methods, withdrawal requests with their approvals and audit
-- trail, payout gateway callbacks, the sandbox payout gateway's own book, and KYC submissions.
-- Money itself moves only in the ledger (transfer kinds withdrawal_*); these rows say why.

CREATE TABLE payout_methods (
  id text PRIMARY KEY CHECK (id LIKE 'pm\_%'),
  player_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('upi', 'bank', 'usdt')),
  -- The full destination (VPA; holder, account number, IFSC; address), sent to the gateway.
  details jsonb NOT NULL,
  summary text NOT NULL,
  -- The destination normalised, so the same account is not saved twice by one player.
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE UNIQUE INDEX payout_methods_one_per_destination ON payout_methods (player_id, fingerprint) WHERE removed_at IS NULL;
CREATE INDEX payout_methods_player_idx ON payout_methods (player_id, created_at) WHERE removed_at IS NULL;

CREATE TABLE withdrawals (
  id text PRIMARY KEY CHECK (id LIKE 'wd\_%'),
  player_id bigint NOT NULL,
  method_id text NOT NULL REFERENCES payout_methods (id),
  method_kind text NOT NULL CHECK (method_kind IN ('upi', 'bank', 'usdt')),
  method_summary text NOT NULL,
  -- The destination as it was when requested: removing the method later changes nothing here.
  destination jsonb NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0 AND fee_minor < amount_minor),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN
    ('requested', 'review', 'approved', 'processing', 'paid', 'failed', 'cancelled', 'rejected', 'failed_after_paid')),
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  -- The calendar day in India (IST) the request was made: the daily count limit counts these.
  ist_day date NOT NULL,
  review_reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  approvals_required integer NOT NULL CHECK (approvals_required BETWEEN 1 AND 2),
  payout_ref text,
  payout_reference text,
  failure_reason text,
  rejection_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  approved_at timestamptz,
  sent_at timestamptz,
  paid_at timestamptz,
  completed_at timestamptz,
  UNIQUE (player_id, idempotency_key)
);
CREATE INDEX withdrawals_player_idx ON withdrawals (player_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_player_day_idx ON withdrawals (player_id, ist_day);
CREATE INDEX withdrawals_open_idx ON withdrawals (status, created_at, id) WHERE status IN ('review', 'approved', 'processing');

-- One approval per operator per withdrawal: the two-person rule needs two different rows.
CREATE TABLE withdrawal_approvals (
  withdrawal_id text NOT NULL REFERENCES withdrawals (id),
  operator_id text NOT NULL,
  note text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (withdrawal_id, operator_id)
);

-- Every status change, who made it, and the ledger transfer it posted (append-only in use).
CREATE TABLE withdrawal_events (
  id bigserial PRIMARY KEY,
  withdrawal_id text NOT NULL REFERENCES withdrawals (id),
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL CHECK (actor IN ('player', 'operator', 'system', 'gateway')),
  operator_id text,
  transfer_id text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX withdrawal_events_withdrawal_idx ON withdrawal_events (withdrawal_id, id);
-- Each outcome that moves money happens at most once per withdrawal (the ledger's idempotency
-- key withdrawal:<id>:<outcome> says the same for the money itself).
CREATE UNIQUE INDEX withdrawal_events_one_outcome ON withdrawal_events (withdrawal_id, to_status)
  WHERE to_status IN ('approved', 'cancelled', 'rejected', 'paid', 'failed', 'failed_after_paid');

-- Payout gateway callbacks as received: each event id is applied once.
CREATE TABLE payout_callback_events (
  event_id text PRIMARY KEY,
  gateway text NOT NULL,
  withdrawal_id text NOT NULL,
  payload jsonb NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL
);

-- The sandbox payout gateway's own book (it stands in for an outside provider).
CREATE TABLE sandbox_payouts (
  payout_ref text PRIMARY KEY,
  -- The provider's idempotency key: one payout per withdrawal, whatever the retries.
  withdrawal_id text NOT NULL UNIQUE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  destination jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'paid', 'failed', 'reversed')),
  reference text,
  failure_reason text,
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);

CREATE TABLE kyc_submissions (
  id text PRIMARY KEY CHECK (id LIKE 'kyc\_%'),
  player_id bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'verified', 'rejected')),
  full_name text NOT NULL,
  date_of_birth date NOT NULL,
  pan_number text NOT NULL CHECK (pan_number ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  -- The document lives in the document store (a local folder by default), never in the database.
  document_key text NOT NULL,
  document_content_type text NOT NULL CHECK (document_content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  document_bytes integer NOT NULL CHECK (document_bytes > 0),
  document_file_name text,
  submitted_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text,
  rejection_reason text,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL))
);
-- At most one submission per player is pending or verified at a time.
CREATE UNIQUE INDEX kyc_submissions_one_open ON kyc_submissions (player_id) WHERE status IN ('pending', 'verified');
CREATE INDEX kyc_submissions_pending_idx ON kyc_submissions (submitted_at) WHERE status = 'pending';
CREATE INDEX kyc_submissions_player_idx ON kyc_submissions (player_id, submitted_at DESC);
