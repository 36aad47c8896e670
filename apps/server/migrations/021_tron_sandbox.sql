-- The sandbox TRON chain (decision 341): Trx Win's stand-in for the public TRON chain outside
-- production. Stored so every node of a cluster serves the same blocks; written once, by the
-- producer job under the leader lock, and never changed.

-- One row: the seed every block's content is derived from, drawn at random when the chain starts.
CREATE TABLE tron_sandbox_chain (
  id smallint PRIMARY KEY CONSTRAINT tron_sandbox_chain_one CHECK (id = 1),
  seed bytea NOT NULL CONSTRAINT tron_sandbox_chain_seed CHECK (octet_length(seed) = 32),
  genesis_number bigint NOT NULL CHECK (genesis_number >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A block's header in a full node's JSON terms (hex strings, milliseconds); block_id is
-- number (8 bytes) || the last 24 bytes of SHA-256 over the protobuf-encoded header.
CREATE TABLE tron_sandbox_blocks (
  number bigint PRIMARY KEY CHECK (number >= 0),
  block_id text NOT NULL UNIQUE CHECK (block_id ~ '^[0-9a-f]{64}$'),
  parent_hash text NOT NULL CHECK (parent_hash ~ '^[0-9a-f]{64}$'),
  timestamp_ms bigint NOT NULL,
  tx_trie_root text NOT NULL CHECK (tx_trie_root ~ '^[0-9a-f]{64}$'),
  witness_address text NOT NULL CHECK (witness_address ~ '^41[0-9a-f]{40}$'),
  version integer NOT NULL
);

-- Nobody changes a block or the seed once written (a re-rolled block would be a chosen result).
CREATE TRIGGER tron_sandbox_chain_append_only BEFORE UPDATE OR DELETE ON tron_sandbox_chain
  FOR EACH ROW EXECUTE FUNCTION append_only_row();
CREATE TRIGGER tron_sandbox_blocks_append_only BEFORE UPDATE OR DELETE ON tron_sandbox_blocks
  FOR EACH ROW EXECUTE FUNCTION append_only_row();
