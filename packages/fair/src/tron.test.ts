import { readFileSync } from 'node:fs';
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { describe, expect, it } from 'vitest';
import {
  checkTronWitness,
  encodeTronRawData,
  tronAddressOfPublicKey,
  tronBlockIdOfRaw,
  tronHeaderHashHex,
  tronHeaderSigner,
  trxReadOfId,
  verifyTrxRound,
  type TronBlockHeader,
  type TronRawDataFields,
} from './index';
import { bytesToHex } from './bytes';

/**
 * verifyTrxRound against a real TRON block (mainnet 1,000,000, as a full node answers it: the
 * encoding is TRON's, not only ours agreeing with itself) and a linked pair built by the rule, and
 * every tampering a record can suffer: each one fails its own check.
 */

const MAINNET_1M: TronBlockHeader = {
  blockID: '00000000000f424013e51b18e0782a32fa079ddafdb2f4c343468cf8896dc887',
  raw_data: {
    number: 1000000,
    txTrieRoot: 'e2dd42daa9c853e070df1e4fc927851a7438c601fb12cf945922629d5cec187b',
    witness_address: '41f16412b9a17ee9408646e2a21e16478f72ed1e95',
    parentHash: '00000000000f423fbccd9cdb9e410eabdf9f94145cf5b71a678b8b9616619125',
    version: 9,
    timestamp: 1578594852000,
  },
  // As the node printed it (developers.tron.network's getblock example): r || s || v, v = 0.
  witness_signature: '179caed28b3d129dee6d553ae6761a8c8698f890e5f38e062d56e2d0d0b8c9a20317b7753b3fd1be261935d6182434a6c057f8926f25027b9859cde3da3a655300',
};

/** Mainnet block 78,861,100 (2026-01-01), from bitquery's public TRON block dataset (its witness given there in base58: TDpt9adA6QidL1B1sy3D8NC717C6L5JxFo). */
const MAINNET_78861100: TronBlockHeader = {
  blockID: '0000000004b3532cbc14c910020c3ae5336f5607d6aa194abb3e6df264297e8a',
  raw_data: {
    number: 78861100,
    txTrieRoot: 'a0f6d785015f72fe721b394a6eae5d5bf931b2e1884331164fcc591ce477e4e8',
    witness_address: '412a4d700c196a78f8ff7f0bf17d93fe6018396d2e',
    parentHash: '0000000004b3532bbf50c7ec18ad8985176f507a15c48d2a583bc8e5130c9e67',
    version: 32,
    timestamp: 1767246213000,
  },
  witness_signature: '59730c777fac4ee3a4f25edd0b04edaf87c76728e3426b4d352bbde8fa5618fe070fdcba726e55c46e1ea2d2ef00730e1e2cae492e8a05b04429d9e76b72af0700',
};

/** A test producer: its key signs the synthetic headers below as TRON's producers sign theirs. */
const KEY = sha256(new TextEncoder().encode('colorplay fair test witness'));
const WITNESS = tronAddressOfPublicKey(secp256k1.getPublicKey(KEY, false));
const signHeader = (raw: TronRawDataFields, key = KEY): string => {
  const sig = secp256k1.sign(sha256(encodeTronRawData(raw)), key);
  return bytesToHex(sig.toCompactRawBytes()) + sig.recovery.toString(16).padStart(2, '0');
};

const header = (number: number, timestamp: number, parentHash: string): TronBlockHeader => {
  const raw_data = { number, timestamp, parentHash, txTrieRoot: 'ab'.repeat(32), witness_address: WITNESS, version: 30 };
  return { blockID: tronBlockIdOfRaw(raw_data), raw_data, witness_signature: signHeader(raw_data) };
};
const LOCK = 1_772_359_201_000; // 1 s past a 3-s slot
const BLOCK_RAW = { number: 590_786_401, timestamp: LOCK + 2_000, parentHash: 'ef'.repeat(32), txTrieRoot: 'ab'.repeat(32), version: 30 };
const PARENT = header(590_786_400, LOCK - 1_000, '00'.repeat(32));
const BLOCK = header(590_786_401, LOCK + 2_000, PARENT.blockID);

describe("a header's producer signature", () => {
  it("recovers real mainnet producers' addresses from their signatures (the worked values of docs/fairness.md)", () => {
    for (const real of [MAINNET_1M, MAINNET_78861100]) {
      expect(tronBlockIdOfRaw(real.raw_data)).toBe(real.blockID);
      expect(tronHeaderSigner(real.raw_data, real.witness_signature)).toBe(real.raw_data.witness_address);
      expect(checkTronWitness(real)).toEqual({ signer: real.raw_data.witness_address, signed: true, elected: null });
    }
    // v written as 27/28 recovers the same key.
    const sig27 = MAINNET_1M.witness_signature!.slice(0, 128) + '1b';
    expect(tronHeaderSigner(MAINNET_1M.raw_data, sig27)).toBe(MAINNET_1M.raw_data.witness_address);
  });

  it('refuses a header with a valid hash but a missing, wrong or foreign signature, or a witness not elected', () => {
    // Missing.
    const unsigned = { blockID: MAINNET_1M.blockID, raw_data: MAINNET_1M.raw_data };
    expect(checkTronWitness(unsigned)).toMatchObject({ signed: false, reason: 'block 1000000 carries no witness_signature' });
    // Another block's signature: it recovers some other key, not the witness.
    expect(checkTronWitness({ ...MAINNET_1M, witness_signature: MAINNET_78861100.witness_signature! })).toMatchObject({ signed: false });
    // The other recovery bit: a valid signature of another key.
    const flipped = MAINNET_1M.witness_signature!.slice(0, 128) + '01';
    expect(checkTronWitness({ ...MAINNET_1M, witness_signature: flipped }).signed).toBe(false);
    // Malformed: too short, bad v.
    expect(checkTronWitness({ ...MAINNET_1M, witness_signature: 'ab'.repeat(64) }).signer).toBeNull();
    expect(checkTronWitness({ ...MAINNET_1M, witness_signature: MAINNET_1M.witness_signature!.slice(0, 128) + '05' }).signer).toBeNull();
    // A self-made chain: the header claims a real witness and is signed by the forger's own key.
    const forged = { ...MAINNET_78861100, witness_signature: signHeader(MAINNET_78861100.raw_data) };
    expect(checkTronWitness(forged)).toMatchObject({ signer: WITNESS, signed: false });
    // Signed by its own witness, but that witness is not elected.
    expect(checkTronWitness(MAINNET_1M, [{ address: MAINNET_78861100.raw_data.witness_address! }])).toMatchObject({ signed: true, elected: false, reason: expect.stringContaining('not an elected super representative') });
  });

  it("accepts a witness's delegated key (its witness permission) only where the elected set or the record names it", () => {
    const raw = { ...BLOCK_RAW, witness_address: MAINNET_1M.raw_data.witness_address! };
    const h = { blockID: tronBlockIdOfRaw(raw), raw_data: raw, witness_signature: signHeader(raw) };
    expect(checkTronWitness(h).signed).toBe(false);
    expect(checkTronWitness({ ...h, witness_signer: WITNESS }).signed).toBe(true);
    expect(checkTronWitness(h, [{ address: raw.witness_address, signer: WITNESS }])).toMatchObject({ signed: true, elected: true });
    // With a set, the set decides: a record's own witness_signer is not believed.
    expect(checkTronWitness({ ...h, witness_signer: WITNESS }, [{ address: raw.witness_address }]).signed).toBe(false);
  });
});

describe('verifyTrxRound', () => {
  it("recomputes a real mainnet block's id from its header", () => {
    expect(tronHeaderHashHex(MAINNET_1M.raw_data)).toBe('f885ae641d59441513e51b18e0782a32fa079ddafdb2f4c343468cf8896dc887');
    expect(tronBlockIdOfRaw(MAINNET_1M.raw_data)).toBe(MAINNET_1M.blockID);
    expect(bytesToHex(encodeTronRawData(MAINNET_1M.raw_data)).slice(0, 2)).toBe('08'); // field 1 varint first
    expect(trxReadOfId(MAINNET_1M.blockID)).toEqual({ digit: 7, hashHex: MAINNET_1M.blockID.slice(16), charIndex: 47, fallback: false });
  });

  it('accepts the deciding block of a lock time with its parent, and reads its digit', () => {
    const r = verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT });
    expect(r).toMatchObject({ ok: true, checks: { blockId: true, parentId: true, linked: true, timing: true, digit: true, signature: true, elected: null } });
    expect(verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT, elected: [{ address: WITNESS }] }).checks.elected).toBe(true);
    expect(r.digit).toBe(trxReadOfId(BLOCK.blockID).digit);
    expect(verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT, outcome: [r.digit!] }).ok).toBe(true);
    // The lock on the parent's own timestamp: the parent is "at or before", still decided by BLOCK.
    expect(verifyTrxRound({ locksAtMs: PARENT.raw_data.timestamp, block: BLOCK, parent: PARENT }).ok).toBe(true);
  });

  it('refuses a wrong outcome, a moved lock, a changed timestamp or parentHash, and a swapped parent', () => {
    const d = verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT }).digit!;
    const wrong = verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT, outcome: [(d + 1) % 10] });
    expect(wrong).toMatchObject({ ok: false, digit: d, checks: { blockId: true, parentId: true, linked: true, timing: true, digit: false } });
    expect(verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT, outcome: [d, d] }).ok).toBe(false);

    // Another lock time names another block: the same pair does not decide it.
    expect(verifyTrxRound({ locksAtMs: LOCK + 3_000, block: BLOCK, parent: PARENT }).checks.timing).toBe(false);
    expect(verifyTrxRound({ locksAtMs: LOCK - 3_000, block: BLOCK, parent: PARENT }).checks.timing).toBe(false);
    expect(verifyTrxRound({ locksAtMs: BLOCK.raw_data.timestamp, block: BLOCK, parent: PARENT }).ok).toBe(false);

    // A timestamp moved to make a block decide: its id no longer matches.
    const moved = { ...BLOCK, raw_data: { ...BLOCK.raw_data, timestamp: LOCK + 1 } };
    expect(verifyTrxRound({ locksAtMs: LOCK, block: moved, parent: PARENT })).toMatchObject({ ok: false, digit: null, checks: { blockId: false } });
    const movedParent = { ...PARENT, raw_data: { ...PARENT.raw_data, timestamp: LOCK } };
    expect(verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: movedParent })).toMatchObject({ ok: false, checks: { blockId: true, parentId: false } });

    const otherParentHash = { ...BLOCK, raw_data: { ...BLOCK.raw_data, parentHash: 'ee'.repeat(32) } };
    expect(verifyTrxRound({ locksAtMs: LOCK, block: otherParentHash, parent: PARENT }).checks.blockId).toBe(false);

    // A genuine other pair, each header self-consistent, but not linked to this block.
    const otherParent = header(590_786_400, LOCK - 1_000, '11'.repeat(32));
    expect(verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: otherParent })).toMatchObject({ ok: false, checks: { blockId: true, parentId: true, linked: false } });
    // The block given as its own parent, and the pair swapped.
    expect(verifyTrxRound({ locksAtMs: LOCK, block: PARENT, parent: BLOCK }).ok).toBe(false);
    // A re-labelled id (another block's) fails even with a consistent header elsewhere.
    expect(verifyTrxRound({ locksAtMs: LOCK, block: { ...BLOCK, blockID: MAINNET_1M.blockID }, parent: PARENT }).checks.blockId).toBe(false);
  });

  it("refuses a pair whose headers are not both signed by their producers, or whose producer is not elected", () => {
    const strip = (h: TronBlockHeader): TronBlockHeader => ({ blockID: h.blockID, raw_data: h.raw_data });
    expect(verifyTrxRound({ locksAtMs: LOCK, block: strip(BLOCK), parent: PARENT })).toMatchObject({ ok: false, checks: { blockId: true, linked: true, timing: true, signature: false }, reason: expect.stringContaining('carries no witness_signature') });
    expect(verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: strip(PARENT) }).checks.signature).toBe(false);
    const otherKey = sha256(new TextEncoder().encode('not the witness'));
    const wrong = { ...BLOCK, witness_signature: signHeader(BLOCK.raw_data, otherKey) };
    expect(verifyTrxRound({ locksAtMs: LOCK, block: wrong, parent: PARENT })).toMatchObject({ ok: false, checks: { signature: false } });
    expect(verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT, elected: [{ address: '41' + '00'.repeat(20) }] })).toMatchObject({ ok: false, checks: { signature: true, elected: false } });
  });

  it('refuses headers it cannot hash: an unknown field, uppercase hex, a missing header', () => {
    const extra = { ...BLOCK, raw_data: { ...BLOCK.raw_data, extra: 1 } } as unknown as TronBlockHeader;
    expect(verifyTrxRound({ locksAtMs: LOCK, block: extra, parent: PARENT })).toMatchObject({ ok: false, reason: expect.stringContaining('unknown header field extra') });
    expect(verifyTrxRound({ locksAtMs: LOCK, block: { ...BLOCK, blockID: BLOCK.blockID.toUpperCase() }, parent: PARENT }).ok).toBe(false);
    expect(verifyTrxRound({ locksAtMs: LOCK, block: null as unknown as TronBlockHeader, parent: PARENT }).ok).toBe(false);
    expect(verifyTrxRound({ locksAtMs: Number.NaN, block: BLOCK, parent: PARENT }).ok).toBe(false);
  });

  it('reads the digit from the right of the last 24 bytes, with the all-letters fallback', () => {
    const id = (tail: string) => '0000000004a817c8' + tail;
    expect(trxReadOfId(id('8552576ec6986452057df6ce384ccbd6d53e09ad033ec92e'))).toMatchObject({ digit: 2, charIndex: 46, fallback: false });
    expect(trxReadOfId(id('a'.repeat(47) + 'f'))).toMatchObject({ digit: 5, charIndex: 47, fallback: true });
    expect(trxReadOfId(id('9' + 'b'.repeat(47)))).toMatchObject({ digit: 9, charIndex: 0, fallback: false });
    // The number prefix is never read, even when the tail is all letters.
    expect(trxReadOfId('1234567812345678' + 'c'.repeat(48))).toMatchObject({ digit: 2, fallback: true });
  });
});

describe("docs/fairness.md's signed mainnet header (Trx Win rule 5)", () => {
  // The rows of the table under "Worked values for rule 5" ("| Signed field | Value |").
  const doc = readFileSync(new URL('../../../docs/fairness.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('Worked values for rule 5'), doc.indexOf('## Period numbers'));
  const rows = new Map([...table.matchAll(/^\| ([\w -]+) \| ([0-9a-f]+) \|$/gm)].map((m) => [m[1]!, m[2]!]));
  const value = (label: string) => rows.get(label) ?? expect.fail(`docs/fairness.md's rule 5 table has no row "${label}"`);

  it('recomputes the encoding, hash and id from the stated fields, recovers the stated signer, and reads the digit', () => {
    const ints = ['number', 'timestamp', 'version'] as const;
    const raw = { ...Object.fromEntries(ints.map((k) => [k, Number(value(k))])), txTrieRoot: value('txTrieRoot'), parentHash: value('parentHash'), witness_address: value('witness_address') } as TronRawDataFields;
    expect(bytesToHex(encodeTronRawData(raw))).toBe(value('encoded header'));
    expect(tronHeaderHashHex(raw)).toBe(value('SHA-256 of the encoded header'));
    expect(tronBlockIdOfRaw(raw)).toBe(value('blockID'));
    expect(tronHeaderSigner(raw, value('witness_signature'))).toBe(value('recovered signer'));
    expect(value('recovered signer')).toBe(raw.witness_address);
    expect(trxReadOfId(value('blockID')).digit).toBe(Number(value('digit')));
    // The values are the real block's (the fixture above, from the dataset), not only self-consistent.
    expect({ blockID: value('blockID'), raw_data: raw, witness_signature: value('witness_signature') }).toEqual(MAINNET_78861100);
  });
});
