import type { Clock } from '../../lib/clock';
import type { TronBlock } from './block-format';
import type { TronBlockReader } from './deciding';
import { TronSourceError } from './fullnode-client';
import type { TronProviders } from './providers';

/**
 * Who may produce a block Trx Win accepts (decision 387): a super representative elected for the
 * maintenance period (TRON elects 27 every 6 h), signing with its own key or the key it delegated
 * block signing to (its witness permission; java-tron's BlockCapsule.validateSignature checks the
 * same). The elected set is `listwitnesses`' `isJobs` entries and a witness's key is `getaccount`'s
 * `witness_permission` (asked once per witness and set), each answered identically by every
 * provider (providers.ts).
 *
 * The set is kept for ELECTED_MAX_AGE_MS and read again sooner when a block names a witness not in
 * it (a new period may have begun), at most once per ELECTED_MIN_REFRESH_MS. The set before the
 * last change is kept too, for blocks produced before that change was seen: a deciding block
 * read a minute after a maintenance may still come from the period before.
 */

export const ELECTED_MAX_AGE_MS = 10 * 60_000;
export const ELECTED_MIN_REFRESH_MS = 30_000;

type ElectedSet = { members: ReadonlySet<string>; key: string; seenFromMs: number };

/** The reader's blocks, each refused unless its producer is elected and its signature is that producer's. */
export function witnessCheckedReader(providers: TronProviders, clock: Clock, opts: { maxAgeMs?: number; minRefreshMs?: number } = {}): TronBlockReader {
  const maxAgeMs = opts.maxAgeMs ?? ELECTED_MAX_AGE_MS;
  const minRefreshMs = opts.minRefreshMs ?? ELECTED_MIN_REFRESH_MS;
  let current: (ElectedSet & { readAtMs: number }) | undefined;
  let previous: ElectedSet | undefined;
  let signers = new Map<string, string>();

  async function refresh(nowMs: number): Promise<void> {
    const list = await providers.electedWitnesses();
    const key = list.join(',');
    if (current && current.key === key) {
      current.readAtMs = nowMs;
      return;
    }
    if (current) previous = current;
    current = { members: new Set(list), key, seenFromMs: nowMs, readAtMs: nowMs };
    // A new period may come with new keys: they are asked again.
    signers = new Map();
  }

  function isElected(block: TronBlock, witness: string): boolean {
    if (current?.members.has(witness)) return true;
    // Produced before the set last changed (as far as this node saw it): the earlier set rules.
    return previous !== undefined && current !== undefined && block.timestamp < current.seenFromMs && previous.members.has(witness);
  }

  async function check(block: TronBlock | null): Promise<TronBlock | null> {
    if (!block) return null;
    const witness = block.raw?.witness_address;
    if (!witness || !block.signer) throw new TronSourceError(`block ${block.number}: no witness or no signature`, true);
    const nowMs = clock.now().getTime();
    if (!current || nowMs - current.readAtMs >= maxAgeMs) await refresh(nowMs);
    if (!isElected(block, witness) && nowMs - current!.readAtMs >= minRefreshMs) await refresh(nowMs);
    if (!isElected(block, witness)) throw new TronSourceError(`block ${block.number}: its witness ${witness} is not an elected super representative`, true);
    // As java-tron (multi-sign on): the signer must be the witness permission's key, which is the
    // witness's own address unless it delegated; a witness that delegated cannot sign with its own.
    let key = signers.get(witness);
    if (key === undefined) {
      key = await providers.witnessSigner(witness);
      signers.set(witness, key);
    }
    if (block.signer !== key) throw new TronSourceError(`block ${block.number} is signed by ${block.signer}, not by its witness ${witness} or the key it signs with`, true);
    return key === witness ? block : { ...block, witnessSigner: key };
  }

  return {
    head: async () => check(await providers.head()),
    byNumber: async (n) => check(await providers.byNumber(n)),
  };
}
