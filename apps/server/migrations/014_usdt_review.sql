-- USDT review decisions (operator console): a transfer that went to review is approved (credited
-- through the ledger by an operator) or rejected (the operator returns it on chain, outside the
-- platform). Each decision names the operator, its time and note, and is made once.

ALTER TABLE usdt_transfers DROP CONSTRAINT usdt_transfers_status_check;
ALTER TABLE usdt_transfers ADD CONSTRAINT usdt_transfers_status_check
  CHECK (status IN ('pending', 'credited', 'review', 'approved', 'rejected', 'dropped'));

ALTER TABLE usdt_transfers
  ADD COLUMN reviewed_by bigint REFERENCES operators (id),
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN review_note text,
  ADD COLUMN credited_minor bigint CHECK (credited_minor > 0),
  -- The ledger transfer of an approval: one ledger transfer credits at most one USDT transfer.
  ADD COLUMN ledger_transfer_id text UNIQUE;

-- Approved exactly when a ledger transfer credited it, and then with its amount.
ALTER TABLE usdt_transfers ADD CONSTRAINT usdt_transfers_approved_has_credit
  CHECK ((status = 'approved') = (ledger_transfer_id IS NOT NULL) AND (ledger_transfer_id IS NULL) = (credited_minor IS NULL));
-- A decided transfer always says who decided, when and why.
ALTER TABLE usdt_transfers ADD CONSTRAINT usdt_transfers_decision_named
  CHECK (status NOT IN ('approved', 'rejected') OR (reviewed_by IS NOT NULL AND reviewed_at IS NOT NULL AND review_note IS NOT NULL));

CREATE INDEX usdt_transfers_review_idx ON usdt_transfers (seen_at) WHERE status = 'review';
