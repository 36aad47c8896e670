-- The double-entry ledger: the only way money moves (docs/ledger.md, decision 020).
-- Only the ledger module writes these tables. Transfers and entries are append-only; an
-- account's balance_minor is a cached running total kept in the same transaction as its entries.

CREATE TABLE ledger_accounts (
  -- Internal key; transfers lock their accounts in ascending id order so they cannot deadlock.
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The public name of an account: 'player:<playerId>:main', 'house:deposits', 'vendor:demo'.
  code text NOT NULL UNIQUE
    CONSTRAINT ledger_accounts_code_format CHECK (code ~ '^(player|house|vendor)(:[A-Za-z0-9_-]+)+$' AND length(code) <= 120),
  kind text NOT NULL CONSTRAINT ledger_accounts_kind_known CHECK (kind IN ('player', 'house')),
  -- The player who owns a player account. A plain column, not a foreign key: modules never
  -- share tables, and the ledger must not depend on the players module's schema.
  owner text,
  currency text NOT NULL DEFAULT 'INR' CONSTRAINT ledger_accounts_currency_format CHECK (currency ~ '^[A-Z]{3,5}$'),
  balance_minor bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A player account can never go below zero, whatever the code above it does.
  CONSTRAINT ledger_accounts_player_non_negative CHECK (kind <> 'player' OR balance_minor >= 0),
  -- The kind follows from the code, so no account named 'player:...' can escape the rule above,
  -- and a player account always names its owner.
  CONSTRAINT ledger_accounts_player_code CHECK (
    (kind = 'player') = starts_with(code, 'player:')
    AND (kind = 'player') = (owner IS NOT NULL)
    AND (owner IS NULL OR (owner ~ '^[A-Za-z0-9_-]+$' AND starts_with(code, 'player:' || owner || ':')))
  )
);

-- A player's purses (the wallet page lists them all).
CREATE INDEX ledger_accounts_owner_idx ON ledger_accounts (owner) WHERE owner IS NOT NULL;

CREATE TABLE ledger_transfers (
  id text PRIMARY KEY CONSTRAINT ledger_transfers_id_format CHECK (id LIKE 'xfer\_%'),
  -- Retrying a money request with the same key returns this transfer and moves nothing twice.
  idempotency_key text NOT NULL UNIQUE
    CONSTRAINT ledger_transfers_key_length CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  -- SHA-256 of kind, reference and entries: a reused key with another body is a conflict.
  request_hash text NOT NULL,
  kind text NOT NULL CONSTRAINT ledger_transfers_kind_format CHECK (kind ~ '^[a-z][a-z0-9_]{0,39}$'),
  -- The business row that caused the transfer ('dep_...', 'bet_...'), for lookups and audits.
  reference text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transfers_reference_idx ON ledger_transfers (reference) WHERE reference IS NOT NULL;

CREATE TABLE ledger_entries (
  -- Allocated while the account row is locked, so per account the id order is the order in
  -- which entries were applied (checkInvariants relies on this to verify the running balance).
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id text NOT NULL REFERENCES ledger_transfers (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_minor bigint NOT NULL CONSTRAINT ledger_entries_amount_non_zero CHECK (amount_minor <> 0),
  balance_before_minor bigint NOT NULL,
  balance_after_minor bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_entries_running_balance CHECK (balance_after_minor = balance_before_minor + amount_minor),
  CONSTRAINT ledger_entries_one_per_account UNIQUE (transfer_id, account_id)
);
-- Account history, newest first.
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id DESC);

-- History is never rewritten: a correction is a new transfer. Row triggers reject UPDATE and
-- DELETE on transfers and entries (TRUNCATE, used only by tests on throwaway databases, is a
-- statement-level operation and is not affected).
CREATE FUNCTION ledger_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
