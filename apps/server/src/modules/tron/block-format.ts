import { encodeTronRawData, tronBlockIdOfRaw, tronHeaderSigner } from '@colorplay/fair';
import { tronBlockNumberOfId } from '@colorplay/lottery';
import { z } from 'zod';

/**
 * A TRON block as a full node's HTTP API answers it (`/wallet/getblockbynum`, `/getnowblock`),
 * and the one check that makes a header trustworthy on its own: its id is its hash. Pure.
 *
 * TRON's block id (java-tron BlockCapsule.BlockId) is the 8-byte big-endian block number
 * followed by the last 24 bytes of SHA-256 over the header's `raw_data` encoded as protobuf
 * (protocol.BlockHeader.raw). Recomputing it from the JSON fields binds the id to the number,
 * the timestamp and the parent hash: a node (or anything between it and us) that changes any of
 * them, say a timestamp to move which block decides a round, gives a header whose id does not
 * match, and the block is refused. Checked against real blocks in tron.test.ts.
 *
 * The id proves only that the header is self-consistent: anyone can hash a header they made up.
 * So every block must also carry its producer's signature (decision 385): here the signer is
 * recovered from it; whether the signer may sign for the header's witness, and whether that
 * witness is an elected super representative, is checked against the providers' elected set
 * (witnesses.ts), because that needs the network's state.
 */

export const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters');
const hexBytes = z.string().regex(/^(?:[0-9a-f]{2}){0,128}$/, 'must be lowercase hex bytes (at most 128)');
const int64 = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * protocol.BlockHeader.raw, every field a node prints. Strict: a field we do not encode would be
 * part of the hash we cannot recompute, so an unknown field refuses the block rather than letting
 * an unchecked header through (a new TRON header field stops Trx Win draws until this learns it).
 */
export const TronRawDataSchema = z.strictObject({
  timestamp: int64,
  txTrieRoot: hexBytes.optional(),
  parentHash: hex64,
  number: int64,
  witness_id: int64.optional(),
  witness_address: hexBytes.optional(),
  version: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  accountStateRoot: hexBytes.optional(),
});
export type TronRawData = z.infer<typeof TronRawDataSchema>;

/** A block as a node answers it; the transactions, if any, are not read. */
export const TronBlockJsonSchema = z.object({
  blockID: hex64,
  block_header: z.object({ raw_data: TronRawDataSchema, witness_signature: z.string().regex(/^[0-9a-f]{130}$/, 'must be 65 bytes (r || s || v) as lowercase hex').optional() }),
});
export type TronBlockJson = z.infer<typeof TronBlockJsonSchema>;

/**
 * What the engine needs of a block: its height, id, parent's id and timestamp (ms), and the header
 * it was checked from (`raw`, set for every block a node answered): a drawn Trx Win round
 * publishes its deciding block's and its parent's headers so anyone can recompute their ids.
 */
export type TronBlock = {
  number: number;
  blockId: string;
  parentHash: string;
  timestamp: number;
  raw?: TronRawData;
  /** The producer's signature as the node printed it, and the address it recovers (set for every block a node answered). */
  witnessSignature?: string;
  signer?: string;
  /** The key the witness delegated block signing to, once witnesses.ts has checked it (absent: the witness signs itself). */
  witnessSigner?: string;
};

/**
 * protocol.BlockHeader.raw's bytes and the id rule live in @colorplay/fair (the browser verifier
 * runs them too): one implementation, decision 350.
 */
export const encodeRawData = (raw: TronRawData): Uint8Array => encodeTronRawData(raw);

/** The id a header must have: number (8 bytes, big-endian) || SHA-256(raw)[8..32], as hex. */
export const tronBlockIdOf = (raw: TronRawData): string => tronBlockIdOfRaw(raw);

export const hexToBytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));

/** Why a block's JSON was refused, or the block; nothing in a refused answer is used. */
export type BlockCheck = { ok: true; block: TronBlock } | { ok: false; reason: string };

/**
 * A node's block checked on its own: the documented shape, the id's first 8 bytes equal to the
 * number (tronBlockNumberOfId), the id equal to the header's hash, and a signature that recovers
 * a key (its signer, checked against the witness by witnesses.ts).
 */
export function checkTronBlock(json: unknown): BlockCheck {
  const parsed = TronBlockJsonSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `unexpected block shape (${issue?.path.join('.') || 'block'}: ${issue?.message ?? 'invalid'})` };
  }
  const { blockID, block_header } = parsed.data;
  const raw = block_header.raw_data;
  const idNumber = tronBlockNumberOfId(hexToBytes(blockID));
  if (idNumber !== raw.number) return { ok: false, reason: `block id carries number ${idNumber}, the header says ${raw.number}` };
  if (tronBlockIdOf(raw) !== blockID) return { ok: false, reason: `block ${raw.number}: the id is not the hash of its header` };
  const signature = block_header.witness_signature;
  if (signature === undefined) return { ok: false, reason: `block ${raw.number} carries no witness_signature` };
  const signer = tronHeaderSigner(raw, signature);
  if (signer === null) return { ok: false, reason: `block ${raw.number}: its witness_signature is not a valid signature of its header` };
  if (!raw.witness_address) return { ok: false, reason: `block ${raw.number} names no witness` };
  return { ok: true, block: { number: raw.number, blockId: blockID, parentHash: raw.parentHash, timestamp: raw.timestamp, raw, witnessSignature: signature, signer } };
}

/** True when `block` is the child of `parent`: the next height and the parent's id as its parentHash. */
export const linksTo = (block: TronBlock, parent: TronBlock): boolean => block.number === parent.number + 1 && block.parentHash === parent.blockId;
