import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes } from './bytes';

/**
 * Trx Win's verifier (docs/fairness.md "Trx Win"): a round's digit is read from the first TRON
 * block whose timestamp is after the round's lock time, and a verifier needs only that block's
 * header and its parent's. Pure, synchronous and browser-safe (SHA-256 from @noble/hashes, no
 * WebCrypto: the header hash is one small digest and a sync API keeps the verify screen simple,
 * decision 350). The server's block checks import the encoding from here: one implementation.
 */

/** protocol.BlockHeader.raw as a full node's JSON prints it (every field the encoder knows). */
export interface TronRawDataFields {
  timestamp: number;
  txTrieRoot?: string;
  parentHash: string;
  number: number;
  witness_id?: number;
  witness_address?: string;
  version?: number;
  accountStateRoot?: string;
}

/**
 * A block header as a node prints it: its id, raw_data and the producer's signature (65 bytes
 * r || s || v as hex); structurally the contract's TronBlockHeader. `witness_signer` is ours, not
 * the node's: the address of the key the witness delegated block signing to, present only when
 * that is not the witness address itself.
 */
export interface TronBlockHeaderFields {
  blockID: string;
  raw_data: TronRawDataFields;
  witness_signature?: string;
  witness_signer?: string;
}

/**
 * An elected super representative of a maintenance period: its account address and, when it
 * signs blocks with a witness permission key, that key's address (otherwise it signs with its own).
 */
export interface TronElectedWitness {
  address: string;
  signer?: string;
}

/** Bytes of a TRON block id, and how many leading ones are the block number. */
export const TRON_ID_BYTES = 32;
export const TRON_ID_NUMBER_BYTES = 8;

/** The raw_data keys the encoder knows, in protobuf field order; any other key refuses a header. */
export const TRON_RAW_FIELDS = ['timestamp', 'txTrieRoot', 'parentHash', 'number', 'witness_id', 'witness_address', 'version', 'accountStateRoot'] as const;

// --- protobuf, as much as BlockHeader.raw needs (proto3: zero and empty fields are left out) ---

function varint(value: number | bigint, out: number[]): void {
  let v = BigInt(value);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
}
function intField(field: number, value: number | undefined, out: number[]): void {
  if (!value) return;
  varint(field << 3, out);
  varint(value, out);
}
function bytesField(field: number, hex: string | undefined, out: number[]): void {
  if (!hex) return;
  varint((field << 3) | 2, out);
  varint(hex.length / 2, out);
  for (let i = 0; i < hex.length; i += 2) out.push(parseInt(hex.slice(i, i + 2), 16));
}

/**
 * protocol.BlockHeader.raw's bytes, fields in number order as java-tron writes them: timestamp (1,
 * varint), txTrieRoot (2, bytes), parentHash (3, bytes), number (7, varint), witness_id (8,
 * varint), witness_address (9, bytes), version (10, varint), accountStateRoot (11, bytes); a zero
 * number or empty bytes field is left out. The caller has checked the shape (hex, integers).
 */
export function encodeTronRawData(raw: TronRawDataFields): Uint8Array {
  const out: number[] = [];
  intField(1, raw.timestamp, out);
  bytesField(2, raw.txTrieRoot, out);
  bytesField(3, raw.parentHash, out);
  intField(7, raw.number, out);
  intField(8, raw.witness_id, out);
  bytesField(9, raw.witness_address, out);
  intField(10, raw.version, out);
  bytesField(11, raw.accountStateRoot, out);
  return Uint8Array.from(out);
}

/** SHA-256 of the encoded header, as hex. */
export function tronHeaderHashHex(raw: TronRawDataFields): string {
  return bytesToHex(sha256(encodeTronRawData(raw)));
}

/** The id a header must have: number (8 bytes, big-endian) || SHA-256(raw)[8..32], as lowercase hex. */
export function tronBlockIdOfRaw(raw: TronRawDataFields): string {
  const hash = sha256(encodeTronRawData(raw));
  const id = new Uint8Array(TRON_ID_BYTES);
  new DataView(id.buffer).setBigUint64(0, BigInt(raw.number), false);
  id.set(hash.subarray(TRON_ID_NUMBER_BYTES), TRON_ID_NUMBER_BYTES);
  return bytesToHex(id);
}

/** TRON's address of a secp256k1 public key: 0x41 || the last 20 bytes of Keccak-256 of its 64-byte uncompressed form. */
export function tronAddressOfPublicKey(uncompressed: Uint8Array): string {
  const xy = uncompressed.length === 65 ? uncompressed.subarray(1) : uncompressed;
  return `41${bytesToHex(keccak_256(xy).subarray(12))}`;
}

/** 65 bytes r || s || v; v is 0/1, or 27/28 as some signers write it. */
const SIGNATURE_HEX = /^[0-9a-f]{130}$/;

/**
 * The address whose key signed this header (the signature recovered over SHA-256 of the encoded
 * raw_data), or null when the signature is missing, malformed or recovers no key.
 */
export function tronHeaderSigner(raw: TronRawDataFields, signatureHex: string | undefined): string | null {
  if (typeof signatureHex !== 'string' || !SIGNATURE_HEX.test(signatureHex)) return null;
  const bytes = hexToBytes(signatureHex)!;
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const key = secp256k1.Signature.fromCompact(bytes.subarray(0, 64)).addRecoveryBit(recovery).recoverPublicKey(sha256(encodeTronRawData(raw)));
    return tronAddressOfPublicKey(key.toRawBytes(false));
  } catch {
    return null;
  }
}

/** What a header's signature says about its producer (checkTronWitness). */
export interface TronWitnessCheck {
  /** The address of the key that signed the header, or null (no signature, or it recovers none). */
  signer: string | null;
  /** The signer is the header's witness, or the key that witness delegated signing to. */
  signed: boolean;
  /** The witness is in the elected set given; null when no set was given (not checked here). */
  elected: boolean | null;
  /** Why the check failed, in words. */
  reason?: string;
}

/**
 * A header's producer check: its signature recovers to its witness_address, or to the witness's
 * delegated key (the elected set's `signer` when a set is given, else the header's own
 * `witness_signer`); and, with an elected set, the witness is in it.
 */
export function checkTronWitness(header: TronBlockHeaderFields, elected?: readonly TronElectedWitness[]): TronWitnessCheck {
  const raw = header.raw_data;
  const witness = raw.witness_address;
  const signer = tronHeaderSigner(raw, header.witness_signature);
  const entry = elected?.find((w) => w.address === witness);
  const delegated = elected ? entry?.signer : header.witness_signer;
  const signed = signer !== null && witness !== undefined && (signer === witness || (delegated !== undefined && signer === delegated));
  const isElected = elected ? entry !== undefined : null;
  const out: TronWitnessCheck = { signer, signed, elected: isElected };
  if (header.witness_signature === undefined) out.reason = `block ${raw.number} carries no witness_signature`;
  else if (signer === null) out.reason = `block ${raw.number}: its witness_signature is not a valid signature of its header`;
  else if (!signed) out.reason = `block ${raw.number} is signed by ${signer}, not by its witness ${witness ?? '(none)'} or a key it delegated to`;
  else if (isElected === false) out.reason = `block ${raw.number}: its witness ${witness} is not an elected super representative`;
  return out;
}

/** Where and what the digit of a block id is (48 hex characters of its last 24 bytes, read from the right). */
export interface TrxRead {
  digit: number;
  hashHex: string;
  charIndex: number;
  fallback: boolean;
}

/**
 * The digit rule: the last 24 bytes of the 32-byte id as 48 lowercase hex characters; the rightmost
 * character that is 0-9 is the digit; if all 48 are a-f, the last one's value minus 10.
 */
export function trxReadOfId(blockIdHex: string): TrxRead {
  const hashHex = blockIdHex.slice(2 * TRON_ID_NUMBER_BYTES).toLowerCase();
  for (let i = hashHex.length - 1; i >= 0; i--) {
    const c = hashHex.charCodeAt(i);
    if (c >= 48 && c <= 57) return { digit: c - 48, hashHex, charIndex: i, fallback: false };
  }
  return { digit: parseInt(hashHex[hashHex.length - 1]!, 16) - 10, hashHex, charIndex: hashHex.length - 1, fallback: true };
}

export interface TrxVerifyInput {
  /** The round's lock time (ms since the Unix epoch): it names the deciding block. */
  locksAtMs: number;
  block: TronBlockHeaderFields;
  parent: TronBlockHeaderFields;
  /** The published outcome ([digit]); when given, it must equal the digit read. */
  outcome?: number[];
  /**
   * The elected super representatives of the blocks' maintenance period. The server passes the
   * set its providers agreed on; a fairness record does not carry it, so a player's verifier
   * leaves `elected` unchecked (null) and checks the block on a public explorer instead.
   */
  elected?: readonly TronElectedWitness[];
}

export interface TrxVerifyResult {
  /** Every check passed (and the outcome, when given, is the digit read). */
  ok: boolean;
  /** The digit read from the block id, when the block's id checks out; else null. */
  digit: number | null;
  read: { hashHex: string; charIndex: number; fallback: boolean } | null;
  checks: {
    /** The block's id is its number || the last 24 bytes of SHA-256 of its encoded header. */
    blockId: boolean;
    /** The same for the parent. */
    parentId: boolean;
    /** The block is the parent's child: next height, parentHash = the parent's id. */
    linked: boolean;
    /** The parent's timestamp is at or before the lock, the block's after it: it is the deciding block. */
    timing: boolean;
    /** The outcome given is [digit] (true when no outcome is given and a digit was read). */
    digit: boolean;
    /** Both headers are signed by their witness (or the key it delegated to). */
    signature: boolean;
    /** Both witnesses are in the elected set given; null when none was given. */
    elected: boolean | null;
  };
  /** The first failed check, in words, when ok is false. */
  reason?: string;
}

const HEX64 = /^[0-9a-f]{64}$/;
const HEX_BYTES = /^(?:[0-9a-f]{2})*$/;
const isUint = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Why a header cannot even be hashed (unknown field, a value not in the node's format), or null. */
function shapeProblem(h: TronBlockHeaderFields | null | undefined, name: string): string | null {
  if (!h || typeof h !== 'object' || !h.raw_data || typeof h.raw_data !== 'object') return `${name}: not a block header`;
  if (typeof h.blockID !== 'string' || !HEX64.test(h.blockID)) return `${name}: blockID is not 64 lowercase hex characters`;
  const raw = h.raw_data as unknown as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!(TRON_RAW_FIELDS as readonly string[]).includes(key)) return `${name}: unknown header field ${key} (it would be hashed, and cannot be checked)`;
  }
  for (const key of ['timestamp', 'number'] as const) if (!isUint(raw[key])) return `${name}: ${key} is not a non-negative integer`;
  for (const key of ['witness_id', 'version'] as const) if (raw[key] !== undefined && !isUint(raw[key])) return `${name}: ${key} is not a non-negative integer`;
  if (typeof raw.parentHash !== 'string' || !HEX64.test(raw.parentHash)) return `${name}: parentHash is not 64 lowercase hex characters`;
  for (const key of ['txTrieRoot', 'witness_address', 'accountStateRoot'] as const) {
    if (raw[key] !== undefined && (typeof raw[key] !== 'string' || !HEX_BYTES.test(raw[key] as string))) return `${name}: ${key} is not lowercase hex bytes`;
  }
  return null;
}

/** True when the header is well-formed and its id is the hash rule's (number prefix included). */
function idChecks(h: TronBlockHeaderFields): boolean {
  return tronBlockIdOfRaw(h.raw_data) === h.blockID;
}

/**
 * Verifies a Trx Win round from its two headers: both ids are their headers' hashes, the block is
 * the parent's child, the parent is at or before the lock and the block after it (so it is the one
 * deciding block of that lock time), and the published outcome is the digit read from the id.
 */
export function verifyTrxRound(input: TrxVerifyInput): TrxVerifyResult {
  const checks: TrxVerifyResult['checks'] = { blockId: false, parentId: false, linked: false, timing: false, digit: false, signature: false, elected: null };
  const fail = (reason: string, digit: number | null = null, read: TrxVerifyResult['read'] = null): TrxVerifyResult => ({ ok: false, digit, read, checks, reason });
  if (!Number.isSafeInteger(input?.locksAtMs)) return fail('locksAtMs is not an integer number of milliseconds');
  const blockShape = shapeProblem(input.block, 'block');
  const parentShape = shapeProblem(input.parent, 'parent');
  const { block, parent } = input;
  checks.blockId = blockShape === null && idChecks(block);
  checks.parentId = parentShape === null && idChecks(parent);
  if (blockShape === null && parentShape === null) {
    checks.linked = block.raw_data.number === parent.raw_data.number + 1 && block.raw_data.parentHash === parent.blockID;
    checks.timing = parent.raw_data.timestamp <= input.locksAtMs && block.raw_data.timestamp > input.locksAtMs;
  }
  let witnessProblem: string | undefined;
  if (checks.blockId && checks.parentId) {
    const witnesses = [checkTronWitness(block, input.elected), checkTronWitness(parent, input.elected)];
    checks.signature = witnesses.every((w) => w.signed);
    checks.elected = input.elected ? witnesses.every((w) => w.elected === true) : null;
    witnessProblem = witnesses.find((w) => w.reason)?.reason;
  }
  let read: TrxVerifyResult['read'] = null;
  let digit: number | null = null;
  if (checks.blockId) {
    const r = trxReadOfId(block.blockID);
    digit = r.digit;
    read = { hashHex: r.hashHex, charIndex: r.charIndex, fallback: r.fallback };
    checks.digit = input.outcome === undefined || (Array.isArray(input.outcome) && input.outcome.length === 1 && input.outcome[0] === digit);
  }
  if (blockShape) return fail(blockShape);
  if (parentShape) return fail(parentShape);
  if (!checks.blockId) return fail(`block ${block.raw_data.number}: its id is not its number and the hash of its header`);
  if (!checks.parentId) return fail(`parent ${parent.raw_data.number}: its id is not its number and the hash of its header`, digit, read);
  if (!checks.linked) return fail(`block ${block.raw_data.number} is not the child of block ${parent.raw_data.number} (height + 1 and parentHash = the parent's id)`, digit, read);
  if (!checks.timing) {
    return fail(`block ${block.raw_data.number} does not decide a lock at ${input.locksAtMs}: its parent's timestamp must be at or before the lock (${parent.raw_data.timestamp}) and its own after it (${block.raw_data.timestamp})`, digit, read);
  }
  if (!checks.signature || checks.elected === false) return fail(witnessProblem ?? 'the producers\' signatures do not check', digit, read);
  if (!checks.digit) return fail(`the published outcome ${JSON.stringify(input.outcome)} is not [${digit}], the digit read from block ${block.raw_data.number}`, digit, read);
  return { ok: true, digit, read, checks };
}
