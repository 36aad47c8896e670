-- Payment hardening (decisions 046-048): at most one gateway payment per order, notices for
-- payments we cannot place yet are kept and applied later, and reconciliation remembers when it
-- last asked the gateway about an order.

-- The sandbox provider, like a real one, remembers the idempotency key of each create request
-- (our order id): a second create for the same order returns the first payment. Older rows keep
-- NULL, so books that already hold duplicate payments for one order still migrate.
ALTER TABLE sandbox_upi_payments ADD COLUMN idempotency_key text UNIQUE;
CREATE INDEX sandbox_upi_payments_merchant_order_idx ON sandbox_upi_payments (merchant_order_id);
CREATE INDEX sandbox_upi_payments_paid_idx ON sandbox_upi_payments (decided_at) WHERE status = 'paid';

-- A received gateway notice is either processed (its outcome recorded) or parked: it names a
-- payment that no order carries yet. A parked notice is retried on redelivery, when an order
-- records that payment, and by reconciliation; it is never answered as a duplicate.
ALTER TABLE payment_webhook_events
  ADD COLUMN merchant_order_id text,
  ADD COLUMN state text NOT NULL DEFAULT 'processed' CHECK (state IN ('processed', 'parked')),
  ADD COLUMN outcome text,
  ADD COLUMN order_id text,
  ADD COLUMN source text NOT NULL DEFAULT 'webhook' CHECK (source IN ('webhook', 'reconcile')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 1,
  ADD COLUMN processed_at timestamptz;
CREATE INDEX payment_webhook_events_parked_idx ON payment_webhook_events (received_at) WHERE state = 'parked';
CREATE INDEX payment_webhook_events_ref_idx ON payment_webhook_events (gateway_ref);

-- When reconciliation last asked the gateway about this order (NULL: never).
ALTER TABLE deposit_orders ADD COLUMN reconciled_at timestamptz;
CREATE INDEX deposit_orders_reconcile_idx ON deposit_orders (expires_at)
  WHERE status IN ('created', 'pending_payment', 'expired', 'cancelled');
