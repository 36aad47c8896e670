import { describe, expect, it } from 'vitest';
import { encodeTronRawData, tronBlockIdOfRaw, tronHeaderHashHex, trxReadOfId, verifyTrxRound, type TronBlockHeader } from './index';
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
};

const header = (number: number, timestamp: number, parentHash: string): TronBlockHeader => {
  const raw_data = { number, timestamp, parentHash, txTrieRoot: 'ab'.repeat(32), witness_address: '41' + 'cd'.repeat(20), version: 30 };
  return { blockID: tronBlockIdOfRaw(raw_data), raw_data };
};
const LOCK = 1_772_359_201_000; // 1 s past a 3-s slot
const PARENT = header(590_786_400, LOCK - 1_000, '00'.repeat(32));
const BLOCK = header(590_786_401, LOCK + 2_000, PARENT.blockID);

describe('verifyTrxRound', () => {
  it("recomputes a real mainnet block's id from its header", () => {
    expect(tronHeaderHashHex(MAINNET_1M.raw_data)).toBe('f885ae641d59441513e51b18e0782a32fa079ddafdb2f4c343468cf8896dc887');
    expect(tronBlockIdOfRaw(MAINNET_1M.raw_data)).toBe(MAINNET_1M.blockID);
    expect(bytesToHex(encodeTronRawData(MAINNET_1M.raw_data)).slice(0, 2)).toBe('08'); // field 1 varint first
    expect(trxReadOfId(MAINNET_1M.blockID)).toEqual({ digit: 7, hashHex: MAINNET_1M.blockID.slice(16), charIndex: 47, fallback: false });
  });

  it('accepts the deciding block of a lock time with its parent, and reads its digit', () => {
    const r = verifyTrxRound({ locksAtMs: LOCK, block: BLOCK, parent: PARENT });
    expect(r).toMatchObject({ ok: true, checks: { blockId: true, parentId: true, linked: true, timing: true, digit: true } });
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
