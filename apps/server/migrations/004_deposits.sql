-- Deposit orders (UPI recharge), their audit trail, received gateway events, and the sandbox
-- UPI gateway's own book of payments (it stands in for an outside service).

CREATE TABLE deposit_orders (
  id text PRIMARY KEY CHECK (id LIKE 'dep\_%'),
  player_id bigint NOT NULL,
  channel text NOT NULL CHECK (channel IN ('upi', 'usdt')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL DEFAULT 'INR',
  status text NOT NULL CHECK (status IN
    ('created', 'pending_payment', 'utr_submitted', 'succeeded', 'failed', 'cancelled', 'expired')),
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  payee_vpa text NOT NULL,
  gateway text NOT NULL,
  gateway_ref text UNIQUE,
  payment_url text,
  -- The UTR the player typed, and the one the gateway reported. Each is unique across all
  -- orders: one bank transfer can never complete two orders.
  utr text UNIQUE CHECK (utr ~ '^[0-9]{12}$'),
  gateway_utr text UNIQUE CHECK (gateway_utr ~ '^[0-9]{12}$'),
  failure_reason text,
  review_reason text,
  transfer_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  UNIQUE (player_id, idempotency_key),
  -- Succeeded exactly when a ledger transfer credited it.
  CHECK ((status = 'succeeded') = (transfer_id IS NOT NULL))
);
CREATE INDEX deposit_orders_player_idx ON deposit_orders (player_id, id DESC);
CREATE INDEX deposit_orders_open_idx ON deposit_orders (expires_at) WHERE status IN ('created', 'pending_payment');
CREATE INDEX deposit_orders_review_idx ON deposit_orders (updated_at) WHERE status = 'utr_submitted';

CREATE TABLE deposit_events (
  id bigserial PRIMARY KEY,
  order_id text NOT NULL REFERENCES deposit_orders (id),
  from_status text,
  to_status text NOT NULL,
  actor text NOT NULL CHECK (actor IN ('player', 'gateway', 'system', 'operator')),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX deposit_events_order_idx ON deposit_events (order_id, id);

-- Every gateway event id we have processed: a redelivery is recognised and changes nothing.
CREATE TABLE payment_webhook_events (
  event_id text PRIMARY KEY,
  gateway text NOT NULL,
  gateway_ref text NOT NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL
);

CREATE TABLE sandbox_upi_payments (
  gateway_ref text PRIMARY KEY,
  merchant_order_id text NOT NULL,
  amount_minor bigint NOT NULL,
  payee_vpa text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'declined')),
  utr text UNIQUE,
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);
