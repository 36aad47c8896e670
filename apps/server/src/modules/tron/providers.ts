import type { TronBlock } from './block-format';
import type { TronBlockReader } from './deciding';
import type { TronFullNodeClient } from './fullnode-client';

/**
 * Trx Win reads TRON through every configured provider at once (decision 386): a block, the
 * elected set or a witness's signing key is used only when all of them answer the same. One
 * provider run by the operator (or hijacked) can then no longer serve an invented chain: it would
 * have to agree with the others, which it does not control. When they disagree nothing they said
 * is used, the round waits (never voids: a disagreement must not become a way to cancel a round)
 * and the operator is alerted.
 */

/** Providers answered differently for the same question; nothing they said is used. */
export class TronDisagreementError extends Error {
  constructor(
    message: string,
    /** What was asked (`block 123`, `head`, `elected`, `signer 41...`), the alert's target. */
    readonly what: string,
    /** Each provider's answer, by provider name. */
    readonly answers: Record<string, string>,
  ) {
    super(message);
    this.name = 'TronDisagreementError';
  }
}

/** What the engine asks of TRON, answered only when every provider agrees. */
export type TronProviders = TronBlockReader & {
  readonly names: readonly string[];
  electedWitnesses(): Promise<string[]>;
  witnessSigner(address: string): Promise<string>;
};

const blockKey = (b: TronBlock | null) => (b ? `${b.blockId}/${b.witnessSignature ?? ''}` : 'none');

/** The same value from every client, or TronDisagreementError naming each one's answer. */
function agreed<T>(clients: readonly TronFullNodeClient[], what: string, values: readonly T[], key: (v: T) => string): T {
  const keys = values.map(key);
  if (keys.every((k) => k === keys[0])) return values[0]!;
  const answers = Object.fromEntries(clients.map((c, i) => [c.name, keys[i]!]));
  throw new TronDisagreementError(`TRON providers disagree on ${what}`, what, answers);
}

/** Every provider asked the same question; one provider is simply itself. */
export function agreeingProviders(clients: readonly TronFullNodeClient[]): TronProviders {
  if (clients.length === 0) throw new Error('at least one TRON provider is needed');
  const all = <T>(ask: (c: TronFullNodeClient) => Promise<T>) => Promise.all(clients.map(ask));

  async function byNumber(n: number): Promise<TronBlock | null> {
    const blocks = await all((c) => c.blockByNumber(n));
    // A provider that has not got the block yet: not produced (or not final) for us either.
    if (blocks.some((b) => b === null)) return null;
    return agreed(clients, `block ${n}`, blocks, blockKey);
  }

  return {
    names: clients.map((c) => c.name),
    byNumber,
    /**
     * The lowest head any provider serves (providers a block apart are normal), agreed on by all:
     * the providers that are ahead are asked for that height.
     */
    async head() {
      const heads = await all((c) => c.nowBlock());
      if (heads.some((h) => h === null)) return null;
      const lowest = Math.min(...heads.map((h) => h!.number));
      const same = await Promise.all(heads.map((h, i) => (h!.number === lowest ? h : clients[i]!.blockByNumber(lowest))));
      if (same.some((b) => b === null)) return null;
      return agreed(clients, `block ${lowest}`, same, blockKey);
    },
    async electedWitnesses() {
      return agreed(clients, 'the elected super representatives', await all((c) => c.electedWitnesses()), (list) => list.join(','));
    },
    async witnessSigner(address) {
      return agreed(clients, `the signing key of witness ${address}`, await all((c) => c.witnessSigner(address)), (s) => s);
    },
  };
}
