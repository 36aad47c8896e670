-- Money rules that every deposit obeys (decisions 190-193).

-- USDT overpayment (decision 191): an order is credited what was ordered (within a small
-- tolerance and the per-order maximum); the value of the rest is held on the transfer row,
-- which goes to review. An operator's approval credits exactly this amount, once.
ALTER TABLE usdt_transfers ADD COLUMN excess_minor bigint CHECK (excess_minor > 0);
ALTER TABLE usdt_orders DROP CONSTRAINT usdt_orders_review_reason_check;
ALTER TABLE usdt_orders ADD CONSTRAINT usdt_orders_review_reason_check
  CHECK (review_reason IN ('late_payment', 'second_payment', 'paid_after_cancel', 'amount_too_small', 'overpaid'));

-- Seamless wallet (decision 193): a credit must name a round that was debited, so the calls
-- keep their round id; a declared free round is its own kind of call, capped per player and day.
ALTER TABLE vendor_wallet_calls ADD COLUMN round_id text;
ALTER TABLE vendor_wallet_calls DROP CONSTRAINT vendor_wallet_calls_kind_check;
ALTER TABLE vendor_wallet_calls ADD CONSTRAINT vendor_wallet_calls_kind_check CHECK (kind IN ('debit', 'credit', 'rollback', 'free_round'));
CREATE INDEX vendor_wallet_calls_round_idx ON vendor_wallet_calls (provider, round_id) WHERE round_id IS NOT NULL;
CREATE INDEX vendor_wallet_calls_free_round_idx ON vendor_wallet_calls (provider, player_id, created_at) WHERE kind = 'free_round';
