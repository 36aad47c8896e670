import type { Queryable } from '../../db/db';
import type { SandboxBlockRow } from './sandbox-blocks';

/** The sandbox chain's two tables (migration tron_sandbox): its seed, and its blocks, written once. */

type BlockDbRow = {
  number: string;
  block_id: string;
  parent_hash: string;
  timestamp_ms: string;
  tx_trie_root: string;
  witness_address: string;
  version: number;
};

const BLOCK_COLUMNS = 'number, block_id, parent_hash, timestamp_ms, tx_trie_root, witness_address, version';

const toBlock = (r: BlockDbRow): SandboxBlockRow => ({
  number: Number(r.number),
  blockId: r.block_id,
  parentHash: r.parent_hash,
  timestamp: Number(r.timestamp_ms),
  txTrieRoot: r.tx_trie_root,
  witnessAddress: r.witness_address,
  version: r.version,
});

export type SandboxChainRow = { seed: Uint8Array; genesisNumber: number };

export async function readChain(q: Queryable): Promise<SandboxChainRow | null> {
  const { rows } = await q.query<{ seed: Uint8Array; genesis_number: string }>('SELECT seed, genesis_number FROM tron_sandbox_chain WHERE id = 1');
  const r = rows[0];
  return r ? { seed: Uint8Array.from(r.seed), genesisNumber: Number(r.genesis_number) } : null;
}

/** Starts the chain unless another node did first; answers the chain that stands. */
export async function startChain(q: Queryable, seed: Uint8Array, genesisNumber: number): Promise<SandboxChainRow> {
  await q.query('INSERT INTO tron_sandbox_chain (id, seed, genesis_number) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [Buffer.from(seed), genesisNumber]);
  return (await readChain(q))!;
}

export async function lastBlock(q: Queryable): Promise<SandboxBlockRow | null> {
  const { rows } = await q.query<BlockDbRow>(`SELECT ${BLOCK_COLUMNS} FROM tron_sandbox_blocks ORDER BY number DESC LIMIT 1`);
  return rows[0] ? toBlock(rows[0]) : null;
}

export async function blockAt(q: Queryable, number: number): Promise<SandboxBlockRow | null> {
  const { rows } = await q.query<BlockDbRow>(`SELECT ${BLOCK_COLUMNS} FROM tron_sandbox_blocks WHERE number = $1`, [number]);
  return rows[0] ? toBlock(rows[0]) : null;
}

/**
 * Adds blocks; a height already stored is left as it is (the bytes are the same whoever computed
 * them, so a second producer's insert changes nothing). Answers how many rows were new.
 */
export async function insertBlocks(q: Queryable, blocks: SandboxBlockRow[]): Promise<number> {
  if (blocks.length === 0) return 0;
  const { rowCount } = await q.query(
    `INSERT INTO tron_sandbox_blocks (${BLOCK_COLUMNS})
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::int[])
     ON CONFLICT DO NOTHING`,
    [
      blocks.map((b) => b.number),
      blocks.map((b) => b.blockId),
      blocks.map((b) => b.parentHash),
      blocks.map((b) => b.timestamp),
      blocks.map((b) => b.txTrieRoot),
      blocks.map((b) => b.witnessAddress),
      blocks.map((b) => b.version),
    ],
  );
  return rowCount;
}
