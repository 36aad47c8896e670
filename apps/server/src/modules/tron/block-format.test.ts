import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { trxDecidingSlotMs } from '@colorplay/lottery';
import { describe, expect, it } from 'vitest';
import { trxDigitOfBlock } from './deciding';
import { checkTronBlock, encodeRawData, linksTo, tronBlockIdOf, type TronBlockJson } from './block-format';

/**
 * TRON's block id, recomputed from a node's JSON: two real blocks as full nodes answered them
 * (mainnet block 1,000,000; Nile testnet block 66,987,565, from TRON's own API documentation), so
 * the protobuf encoding is TRON's and not only our sandbox agreeing with itself.
 */

const MAINNET_1M: TronBlockJson = {
  blockID: '00000000000f424013e51b18e0782a32fa079ddafdb2f4c343468cf8896dc887',
  block_header: {
    raw_data: {
      number: 1000000,
      txTrieRoot: 'e2dd42daa9c853e070df1e4fc927851a7438c601fb12cf945922629d5cec187b',
      witness_address: '41f16412b9a17ee9408646e2a21e16478f72ed1e95',
      parentHash: '00000000000f423fbccd9cdb9e410eabdf9f94145cf5b71a678b8b9616619125',
      version: 9,
      timestamp: 1578594852000,
    },
    witness_signature: '179caed28b3d129dee6d553ae6761a8c8698f890e5f38e062d56e2d0d0b8c9a20317b7753b3fd1be261935d6182434a6c057f8926f25027b9859cde3da3a655300',
  },
};
const NILE_66987565: TronBlockJson = {
  blockID: '0000000003fe262d52bfa4b2814f816fd2e57af5b98a33d60d8630a03a908e0e',
  block_header: {
    raw_data: {
      number: 66987565,
      txTrieRoot: 'faf8fe3858339ead25cc892461c82a59b84dca4a51c45b026676bf3f45a352a2',
      witness_address: '41b2f713d57dbcec679d93a8849fa0cd0e4db594ba',
      parentHash: '0000000003fe262c85cd6b02033f4c3e5c1efa35de256a17bd906dc61fb1aeed',
      version: 34,
      timestamp: 1777445121000,
    },
  },
};

const withRaw = (b: TronBlockJson, change: Partial<TronBlockJson['block_header']['raw_data']>): TronBlockJson => ({
  ...b,
  block_header: { ...b.block_header, raw_data: { ...b.block_header.raw_data, ...change } },
});

describe('TRON block id', () => {
  it("is the number then SHA-256 of the protobuf header's last 24 bytes, as real nodes answer", () => {
    for (const block of [MAINNET_1M, NILE_66987565]) expect(tronBlockIdOf(block.block_header.raw_data)).toBe(block.blockID);
    const raw = MAINNET_1M.block_header.raw_data;
    expect(checkTronBlock(MAINNET_1M)).toEqual({
      ok: true,
      block: { number: raw.number, blockId: MAINNET_1M.blockID, parentHash: raw.parentHash, timestamp: raw.timestamp, raw, witnessSignature: MAINNET_1M.block_header.witness_signature, signer: raw.witness_address },
    });
    // The Nile block's documentation printed no signature: its id checks, but a block without its
    // producer's signature is refused (decision 385; before it, this block was accepted).
    expect(checkTronBlock(NILE_66987565)).toEqual({ ok: false, reason: 'block 66987565 carries no witness_signature' });
    // The encoding itself, field by field (timestamp 1, txTrieRoot 2, parentHash 3, number 7, witness 9, version 10).
    const bytes = Buffer.from(encodeRawData(MAINNET_1M.block_header.raw_data)).toString('hex');
    expect(bytes.startsWith('08a0b9d7dcf82d1220e2dd42da')).toBe(true);
    expect(bytes.endsWith('38c0843d4a1541f16412b9a17ee9408646e2a21e16478f72ed1e955009')).toBe(true);
  });

  it("refuses a signature that is malformed or recovers no key; its signer is the recovered key's address", () => {
    const sig = MAINNET_1M.block_header.witness_signature!;
    const withSig = (witness_signature: string): TronBlockJson => ({ ...MAINNET_1M, block_header: { ...MAINNET_1M.block_header, witness_signature } });
    expect(checkTronBlock(withSig(sig.slice(0, 128)))).toMatchObject({ ok: false, reason: expect.stringContaining('65 bytes') });
    expect(checkTronBlock(withSig(sig.slice(0, 128) + '07'))).toEqual({ ok: false, reason: 'block 1000000: its witness_signature is not a valid signature of its header' });
    // r = 0 is no signature at all.
    expect(checkTronBlock(withSig('00'.repeat(32) + sig.slice(64)))).toMatchObject({ ok: false });
    // Another valid recovery: a key, but not the witness's (witnesses.ts refuses it against the elected set).
    const other = checkTronBlock(withSig(sig.slice(0, 128) + '01'));
    expect(other.ok && other.block.signer).not.toBe(MAINNET_1M.block_header.raw_data.witness_address);
  });

  it('refuses a header changed in any field, a number the id does not carry, and an unknown field', () => {
    // A timestamp moved by one slot (what would move which block decides a round).
    expect(checkTronBlock(withRaw(MAINNET_1M, { timestamp: 1578594855000 }))).toEqual({ ok: false, reason: 'block 1000000: the id is not the hash of its header' });
    expect(checkTronBlock(withRaw(MAINNET_1M, { parentHash: NILE_66987565.blockID }))).toMatchObject({ ok: false });
    expect(checkTronBlock(withRaw(MAINNET_1M, { number: 1000001 }))).toEqual({ ok: false, reason: 'block id carries number 1000000, the header says 1000001' });
    expect(checkTronBlock({ ...MAINNET_1M, blockID: `${'0'.repeat(15)}1${MAINNET_1M.blockID.slice(16)}` })).toEqual({ ok: false, reason: 'block id carries number 1, the header says 1000000' });
    expect(checkTronBlock(withRaw(MAINNET_1M, { extra: 1 } as never))).toMatchObject({ ok: false, reason: expect.stringContaining('unexpected block shape') });
    expect(checkTronBlock({ ...MAINNET_1M, blockID: MAINNET_1M.blockID.toUpperCase() })).toMatchObject({ ok: false, reason: expect.stringContaining('blockID') });
    expect(checkTronBlock({})).toMatchObject({ ok: false });
  });

  it('links a block to its parent by height and id only', () => {
    const child = { number: 1000000, blockId: MAINNET_1M.blockID, parentHash: MAINNET_1M.block_header.raw_data.parentHash, timestamp: 0 };
    const parent = { number: 999999, blockId: MAINNET_1M.block_header.raw_data.parentHash, parentHash: '0'.repeat(64), timestamp: 0 };
    expect(linksTo(child, parent)).toBe(true);
    expect(linksTo(child, { ...parent, blockId: NILE_66987565.blockID })).toBe(false);
    expect(linksTo(child, { ...parent, number: 999998 })).toBe(false);
  });
});

describe("docs/games.md's worked TRON block", () => {
  const doc = readFileSync(new URL('../../../../../docs/games.md', import.meta.url), 'utf8');
  const cell = (label: string) => {
    const m = new RegExp(`^\\| ${label} \\| ([0-9a-f]+) \\|$`, 'm').exec(doc);
    if (!m) throw new Error(`docs/games.md has no row "${label}"`);
    return m[1]!;
  };

  it('recomputes the id, the hash and the digit from the header the document states', () => {
    const raw = {
      number: Number(cell('number')),
      timestamp: Number(cell('timestamp')),
      txTrieRoot: cell('txTrieRoot'),
      parentHash: cell('parentHash'),
      witness_address: cell('witness_address'),
      version: Number(cell('version')),
    };
    expect(createHash('sha256').update(encodeRawData(raw)).digest('hex')).toBe(cell('SHA-256 of the encoded header'));
    expect(tronBlockIdOf(raw)).toBe(cell('blockID'));
    expect(trxDigitOfBlock({ number: raw.number, blockId: cell('blockID'), parentHash: raw.parentHash, timestamp: raw.timestamp }).digit).toBe(Number(cell('digit')));
    // The lock time and deciding slot the paragraph under the table names.
    const m = /a round locking at (\d+) \([^)]*\) has its deciding slot at\s+(\d+)/.exec(doc)!;
    expect(trxDecidingSlotMs(Number(m[1]))).toBe(Number(m[2]));
    expect(Number(m[2])).toBe(raw.timestamp);
  });
});
