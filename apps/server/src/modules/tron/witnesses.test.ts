import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../lib/clock';
import type { TronBlock } from './block-format';
import type { TronProviders } from './providers';
import { ELECTED_MAX_AGE_MS, ELECTED_MIN_REFRESH_MS, witnessCheckedReader } from './witnesses';

/**
 * The elected-set rule (decision 387) on a fake set of providers: the set read again when old or
 * when a block names a stranger (never more than twice a minute), the set before a change kept
 * for blocks produced before it was seen, and each witness's signing key asked once per set (a
 * witness that delegated cannot sign with its own address, as java-tron rules).
 */

const A = `41${'aa'.repeat(20)}`;
const B = `41${'bb'.repeat(20)}`;
const C = `41${'cc'.repeat(20)}`;
const KEY_B = `41${'0b'.repeat(20)}`;
const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);

const blockBy = (witness: string, timestamp: number, signer = witness): TronBlock => ({
  number: Math.floor(timestamp / 3_000),
  blockId: '00'.repeat(32),
  parentHash: '00'.repeat(32),
  timestamp,
  raw: { number: Math.floor(timestamp / 3_000), timestamp, parentHash: '00'.repeat(32), witness_address: witness },
  signer,
});

function fakeProviders() {
  const state = { elected: [A, B], keys: new Map([[B, KEY_B]]), next: null as TronBlock | null, electedReads: 0, keyReads: 0 };
  const providers: TronProviders = {
    names: ['fake'],
    head: async () => state.next,
    byNumber: async () => state.next,
    electedWitnesses: async () => {
      state.electedReads++;
      return [...state.elected];
    },
    witnessSigner: async (address) => {
      state.keyReads++;
      return state.keys.get(address) ?? address;
    },
  };
  return { state, providers };
}

describe('the elected set', () => {
  it('accepts an elected witness signing itself or with its delegated key, and refuses a stranger', async () => {
    const clock = fakeClock(new Date(T0));
    const { state, providers } = fakeProviders();
    const reader = witnessCheckedReader(providers, clock);
    state.next = blockBy(A, T0 - 60_000);
    expect(await reader.head()).toMatchObject({ signer: A });
    state.next = blockBy(B, T0 - 57_000, KEY_B);
    expect(await reader.head()).toMatchObject({ witnessSigner: KEY_B });
    state.next = blockBy(B, T0 - 54_000, KEY_B);
    await reader.head();
    // One key read per witness (A's is its own address), not per block.
    expect(state.keyReads).toBe(2);
    // B signing with its own address, when it delegated to another key: not B's signature.
    state.next = blockBy(B, T0 - 51_000);
    await expect(reader.head()).rejects.toThrow(/is signed by 41b{40}, not by its witness/);
    state.next = blockBy(C, T0 - 48_000);
    await expect(reader.head()).rejects.toThrow(`its witness ${C} is not an elected super representative`);
  });

  it('reads the set again when old, or at once for a stranger at most twice a minute', async () => {
    const clock = fakeClock(new Date(T0));
    const { state, providers } = fakeProviders();
    const reader = witnessCheckedReader(providers, clock);
    state.next = blockBy(A, T0);
    await reader.head();
    expect(state.electedReads).toBe(1);
    // C is elected at a maintenance: the first block by C within the refresh floor is refused ...
    state.elected = [A, C];
    state.next = blockBy(C, T0 + 3_000);
    clock.advance(ELECTED_MIN_REFRESH_MS - 1);
    await expect(reader.head()).rejects.toThrow(/not an elected/);
    expect(state.electedReads).toBe(1);
    // ... and accepted once the set may be read again.
    clock.advance(1);
    expect(await reader.head()).toMatchObject({ signer: C });
    expect(state.electedReads).toBe(2);
    clock.advance(ELECTED_MAX_AGE_MS);
    state.next = blockBy(A, clock.now().getTime());
    await reader.head();
    expect(state.electedReads).toBe(3);
  });

  it('checks a block produced before a change it saw against the set before it', async () => {
    const clock = fakeClock(new Date(T0));
    const { state, providers } = fakeProviders();
    const reader = witnessCheckedReader(providers, clock);
    state.next = blockBy(A, T0 - 90_000);
    await reader.head();
    // B is voted out; the change is seen at T0 + ELECTED_MAX_AGE_MS.
    state.elected = [A, C];
    clock.advance(ELECTED_MAX_AGE_MS);
    const seenAt = clock.now().getTime();
    state.next = blockBy(C, seenAt);
    await reader.head();
    // A final block by B produced before that moment (TRON's final blocks lag a minute) is accepted ...
    state.next = blockBy(B, seenAt - 30_000, KEY_B);
    expect(await reader.head()).toMatchObject({ witnessSigner: KEY_B });
    // ... one produced after it is not.
    state.next = blockBy(B, seenAt + 3_000, KEY_B);
    clock.advance(ELECTED_MIN_REFRESH_MS);
    await expect(reader.head()).rejects.toThrow(/not an elected/);
  });
});
