-- Account controls by operators (decision 420): a suspension lives on the player's controls row,
-- the row every money path already locks (FOR UPDATE) in its own transaction before the ledger,
-- so a request racing the suspension is checked one after the other, never around it.
ALTER TABLE safety_controls
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspension_reason text CHECK (suspension_reason IN ('fraud_suspected', 'payment_dispute', 'identity_unverified', 'responsible_gambling', 'account_sharing', 'other')),
  ADD COLUMN suspension_note text,
  ADD COLUMN suspended_by bigint REFERENCES operators (id),
  ADD CONSTRAINT safety_controls_suspension_whole CHECK (
    (suspended_at IS NULL) = (suspension_reason IS NULL)
    AND (suspended_at IS NULL) = (suspension_note IS NULL)
    AND (suspended_at IS NULL) = (suspended_by IS NULL)
  );
