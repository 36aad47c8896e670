-- USDT recharge (docs/payments.md): orders with their own deposit address, the token transfers the chain
-- watcher found for them, and the watcher's cursor. Token amounts are numeric(78,0): whole base
-- units of the token (a uint256 fits), never a float.

-- HD derivation index of each order's address (m/.../index under the operator's xpub).
CREATE SEQUENCE usdt_address_index_seq MINVALUE 0 START WITH 0;

CREATE TABLE usdt_orders (
  id text PRIMARY KEY CHECK (id LIKE 'usdt\_%'),
  player_id bigint NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  -- The rate locked at creation: paise per one whole token.
  rate_minor_per_token bigint NOT NULL CHECK (rate_minor_per_token > 0),
  token_amount numeric(78, 0) NOT NULL CHECK (token_amount > 0),
  chain_id bigint NOT NULL,
  token_address text NOT NULL CHECK (token_address ~ '^0x[0-9a-f]{40}$'),
  token_decimals integer NOT NULL CHECK (token_decimals BETWEEN 0 AND 36),
  -- One order per address, one address per derivation index (lower-case hex).
  address text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  derivation_index bigint NOT NULL UNIQUE CHECK (derivation_index >= 0),
  status text NOT NULL CHECK (status IN ('waiting', 'seen', 'succeeded', 'expired', 'review', 'cancelled')),
  review_reason text CHECK (review_reason IN ('late_payment', 'second_payment', 'paid_after_cancel', 'amount_too_small')),
  -- The transfer credited (or followed while seen), what it brought, and the credit.
  received_base_units numeric(78, 0) CHECK (received_base_units > 0),
  credited_minor bigint CHECK (credited_minor > 0),
  transfer_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  UNIQUE (player_id, idempotency_key),
  -- Succeeded exactly when a ledger transfer credited it, and then with what arrived.
  CHECK ((status = 'succeeded') = (transfer_id IS NOT NULL)),
  CHECK ((transfer_id IS NULL) = (credited_minor IS NULL)),
  CHECK (transfer_id IS NULL OR received_base_units IS NOT NULL),
  CHECK ((status = 'review') <= (review_reason IS NOT NULL))
);
CREATE INDEX usdt_orders_player_idx ON usdt_orders (player_id, id DESC);
CREATE INDEX usdt_orders_open_idx ON usdt_orders (expires_at) WHERE status = 'waiting';

-- Every Transfer log of the token to one of our addresses. A log is identified by its
-- transaction hash and log index: the primary key makes one credit per log a database rule.
CREATE TABLE usdt_transfers (
  tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index integer NOT NULL CHECK (log_index >= 0),
  order_id text NOT NULL REFERENCES usdt_orders (id),
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount_base_units numeric(78, 0) NOT NULL CHECK (amount_base_units >= 0),
  block_number bigint NOT NULL CHECK (block_number >= 0),
  block_hash text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  block_time timestamptz NOT NULL,
  -- pending: waiting for confirmations; credited; review: a person decides; dropped: gone in a
  -- reorganisation (never credited).
  status text NOT NULL CHECK (status IN ('pending', 'credited', 'review', 'dropped')),
  confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  seen_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tx_hash, log_index)
);
CREATE INDEX usdt_transfers_order_idx ON usdt_transfers (order_id, block_number);
CREATE INDEX usdt_transfers_pending_idx ON usdt_transfers (block_number) WHERE status = 'pending';
-- At most one credited transfer per order.
CREATE UNIQUE INDEX usdt_transfers_one_credit_idx ON usdt_transfers (order_id) WHERE status = 'credited';

-- The watcher's position per chain and token: the last block scanned and its hash, so that a
-- restart goes on from there and a reorganisation under it is noticed.
CREATE TABLE usdt_watch_cursor (
  chain_id bigint NOT NULL,
  token_address text NOT NULL,
  block_number bigint NOT NULL CHECK (block_number >= 0),
  block_hash text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (chain_id, token_address)
);
