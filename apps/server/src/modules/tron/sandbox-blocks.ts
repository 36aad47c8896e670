import { createHash, createHmac } from 'node:crypto';
import { encodeTronRawData, tronAddressOfPublicKey } from '@colorplay/fair';
import { TRON_BLOCK_MS } from '@colorplay/lottery';
import { secp256k1 } from '@noble/curves/secp256k1';
import { tronBlockIdOf, type TronBlockJson, type TronRawData } from './block-format';

/**
 * The sandbox chain's blocks, pure (decision 341). Block n belongs to the 3-s slot n x 3000 ms
 * (so heights and timestamps never disagree and no slot is ever missed), links to block n - 1,
 * and is in TRON's exact format: its id is the number || SHA-256 of its protobuf header, which
 * the production adapter checks as it would a mainnet block.
 *
 * Its unpredictable part is `txTrieRoot` = HMAC-SHA256(seed, "colorplay sandbox tron v1" ||
 * number || parent id), the seed being 32 random bytes drawn when the chain starts and stored
 * with it. So every block's bytes are fixed from the chain's start: no one can choose a block
 * after seeing bets (producing late, or a restart, or another node, gives the same bytes), and
 * only someone who reads the seed out of the database can foresee them. That is why it is a
 * sandbox, off in production: the real guarantee is the public TRON chain's.
 *
 * Its blocks are signed as TRON's are (decision 388), so the production checks run on them
 * unchanged: the chain's one witness, SANDBOX_WITNESS_ADDRESS, delegates block signing to a key
 * of this server's (TRON's witness permission), made from TRON_SANDBOX_WITNESS_KEY, a secret of
 * its own generated into DATA_DIR. The signature is made when a block is served, not stored: the
 * stored bytes, and so every block id and digit, never depend on the key, and blocks stored
 * before signing existed are signed like the others.
 */

export const SANDBOX_TRON_VERSION = 30;
/** A fixed, obviously made-up producer address (0x41 || 20 bytes, TRON's address form). */
export const SANDBOX_WITNESS_ADDRESS = `41${createHash('sha256').update('colorplay sandbox tron witness').digest('hex').slice(0, 40)}`;
/** Genesis has no parent: 32 zero bytes. */
export const ZERO_HASH = '0'.repeat(64);
const LABEL = Buffer.from('colorplay sandbox tron v1');

/** The height of the slot that `ms` falls in. */
export const slotNumberAt = (ms: number): number => Math.floor(ms / TRON_BLOCK_MS);

/** One stored block: its header fields as a node prints them, and its id. */
export type SandboxBlockRow = {
  number: number;
  blockId: string;
  parentHash: string;
  timestamp: number;
  txTrieRoot: string;
  witnessAddress: string;
  version: number;
};

/** Block `number` of the chain with this seed, child of `parentHash`. */
export function sandboxBlock(seed: Uint8Array, number: number, parentHash: string): SandboxBlockRow {
  const n = Buffer.alloc(8);
  n.writeBigUInt64BE(BigInt(number));
  const txTrieRoot = createHmac('sha256', seed).update(LABEL).update(n).update(Buffer.from(parentHash, 'hex')).digest('hex');
  const raw: TronRawData = {
    number,
    txTrieRoot,
    witness_address: SANDBOX_WITNESS_ADDRESS,
    parentHash,
    version: SANDBOX_TRON_VERSION,
    timestamp: number * TRON_BLOCK_MS,
  };
  return { number, blockId: tronBlockIdOf(raw), parentHash, timestamp: raw.timestamp, txTrieRoot, witnessAddress: SANDBOX_WITNESS_ADDRESS, version: SANDBOX_TRON_VERSION };
}

/** The blocks after `last` (or from `genesis` on an empty chain) up to and including height `upTo`. */
export function nextSandboxBlocks(seed: Uint8Array, last: { number: number; blockId: string } | null, genesis: number, upTo: number): SandboxBlockRow[] {
  const out: SandboxBlockRow[] = [];
  let parent = last ? last.blockId : ZERO_HASH;
  for (let n = last ? last.number + 1 : genesis; n <= upTo; n++) {
    const block = sandboxBlock(seed, n, parent);
    out.push(block);
    parent = block.blockId;
  }
  return out;
}

const KEY_LABEL = 'colorplay sandbox tron witness key v1';

/** The sandbox witness's signing key: SHA-256 of a label and TRON_SANDBOX_WITNESS_KEY (a valid secp256k1 key but with negligible odds). */
export function sandboxWitnessKey(secret: string): Uint8Array {
  return Uint8Array.from(createHash('sha256').update(KEY_LABEL).update(secret).digest());
}

/** The TRON address of a signing key. */
export const signerAddressOf = (key: Uint8Array): string => tronAddressOfPublicKey(secp256k1.getPublicKey(key, false));

/** A header's witness_signature as TRON's producers make it: secp256k1 over SHA-256 of the encoded header, r || s || v (v 0/1). */
export function signTronHeader(raw: TronRawData, key: Uint8Array): string {
  const sig = secp256k1.sign(createHash('sha256').update(encodeTronRawData(raw)).digest(), key);
  return Buffer.from(sig.toCompactRawBytes()).toString('hex') + sig.recovery.toString(16).padStart(2, '0');
}

/** A stored block as a full node's JSON, signed with the witness's delegated key (no transactions: the sandbox carries none). */
export function sandboxBlockJson(b: SandboxBlockRow, key: Uint8Array): TronBlockJson {
  const raw_data = { number: b.number, txTrieRoot: b.txTrieRoot, witness_address: b.witnessAddress, parentHash: b.parentHash, version: b.version, timestamp: b.timestamp };
  return { blockID: b.blockId, block_header: { raw_data, witness_signature: signTronHeader(raw_data, key) } };
}

/** The sandbox's elected set as `listwitnesses` answers it: its one witness, elected. */
export const sandboxWitnessList = () => ({ witnesses: [{ address: SANDBOX_WITNESS_ADDRESS, url: 'sandbox', isJobs: true }] });

/** An account as `getaccount` answers it: the witness's permission names the signing key; any other address is unknown (`{}`). */
export function sandboxAccount(address: string, key: Uint8Array): Record<string, unknown> {
  if (address !== SANDBOX_WITNESS_ADDRESS) return {};
  return { address, witness_permission: { type: 'Witness', id: 1, permission_name: 'witness', threshold: 1, keys: [{ address: signerAddressOf(key), weight: 1 }] } };
}
