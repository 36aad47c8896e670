import { createHmac } from 'node:crypto';

/**
 * The vendor's side of the operator's seamless wallet API: signed JSON calls over HTTP. Money
 * calls are retried with the same transaction id (the operator answers a duplicate with the
 * first answer), so a lost answer never loses or doubles a bet.
 */
export type TxAnswer = { txId: string; status: 'ok' | 'insufficient_funds' | 'refused'; balanceMinor: number; currency: string; transferId: string | null };
export type SessionAnswer = { playerRef: string; gameUid: string; vendorCode: string; currency: string; balanceMinor: number; active: boolean };

export class WalletUnavailable extends Error {}
export class WalletRefused extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export type WalletClientOptions = { apiUrl: string; secret: string; provider?: string; attempts?: number; retryDelayMs?: number; timeoutMs?: number };

export function createWalletClient({ apiUrl, secret, provider = 'demo', attempts = 4, retryDelayMs = 200, timeoutMs = 3000 }: WalletClientOptions) {
  const sign = (raw: string) => {
    const t = Math.floor(Date.now() / 1000);
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
  };

  /** One call; network failures and 5xx are retried with the same body (so the same txId). */
  async function call<T>(name: string, body: object): Promise<T> {
    const raw = JSON.stringify(body);
    let lastError: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelayMs * attempt));
      try {
        const res = await fetch(`${apiUrl}/api/vendor-wallet/${provider}/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-colorplay-signature': sign(raw) },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status >= 500) {
          lastError = new Error(`HTTP ${res.status}`);
          continue;
        }
        const json = (await res.json()) as { data?: T; error?: { code: string; message: string } };
        if (!res.ok || !json.data) throw new WalletRefused(res.status, json.error?.code ?? 'UNKNOWN', json.error?.message ?? `HTTP ${res.status}`);
        return json.data;
      } catch (err) {
        if (err instanceof WalletRefused) throw err;
        lastError = err;
      }
    }
    throw new WalletUnavailable(`The operator's wallet did not answer ${name}: ${String(lastError)}`);
  }

  /** Credits and rollbacks that could not be delivered yet; retried until the operator takes them. */
  const pending = new Map<string, { name: 'credit' | 'rollback'; body: object }>();
  async function deliverPending(): Promise<void> {
    for (const [txId, { name, body }] of pending) {
      try {
        await call(name, body);
        pending.delete(txId);
      } catch (err) {
        if (err instanceof WalletRefused) pending.delete(txId);
      }
    }
  }
  const timer = setInterval(() => void deliverPending(), 5000);
  timer.unref();

  return {
    session: (sessionToken: string) => call<SessionAnswer>('session', { sessionToken }),
    balance: (sessionToken: string) => call<{ balanceMinor: number; currency: string }>('balance', { sessionToken }),
    /** A win: retried with the same id; when the operator stays away, kept and delivered later. */
    async credit(b: { sessionToken: string; txId: string; roundId: string; amountMinor: number }): Promise<TxAnswer | 'queued'> {
      try {
        return await call<TxAnswer>('credit', b);
      } catch (err) {
        if (!(err instanceof WalletUnavailable)) throw err;
        pending.set(b.txId, { name: 'credit', body: b });
        return 'queued';
      }
    },

    /**
     * A bet. When the operator cannot be reached even after retries, nobody knows whether the
     * debit happened: the round is cancelled and the debit rolled back (kept and retried until
     * delivered), so the player never pays for a round that was not played.
     */
    async debit(b: { sessionToken: string; txId: string; roundId: string; amountMinor: number }): Promise<TxAnswer | 'in_doubt'> {
      try {
        return await call<TxAnswer>('debit', b);
      } catch (err) {
        if (!(err instanceof WalletUnavailable)) throw err;
        const rollback = { sessionToken: b.sessionToken, txId: `rb-${b.txId}`, refTxId: b.txId };
        try {
          await call('rollback', rollback);
        } catch {
          pending.set(rollback.txId, { name: 'rollback', body: rollback });
        }
        return 'in_doubt';
      }
    },
    pendingCalls: () => pending.size,
    deliverPending,
    close: () => clearInterval(timer),
  };
}
export type WalletClient = ReturnType<typeof createWalletClient>;
