import type { UsdtRateSourceConfig } from '../../config';
import { parseRateMinor } from './amounts';

/** Where the INR price of one USDT comes from when an order locks its rate. */
export type RateSource = {
  /** Paise per whole token now; throws RateUnavailableError when no trustworthy rate is at hand. */
  currentRateMinor(): Promise<number>;
};

export class RateUnavailableError extends Error {}

/** The sandbox's rate: a configured constant (USDT_INR_RATE). */
export function fixedRateSource(rateMinorPerToken: number): RateSource {
  return { currentRateMinor: async () => rateMinorPerToken };
}

/**
 * A rate service over HTTP (docs/payments.md, "USDT rate source"): GET <url> answers 200 with
 * JSON `{ "inrPerUsdt": "83.25" }` (a decimal string, at most two decimals). Anything else, or
 * no answer within the timeout, means no rate and so no order: a wrong rate would be a loss.
 */
export function httpRateSource(url: string, timeoutMs: number): RateSource {
  return {
    async currentRateMinor() {
      let body: unknown;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!res.ok) throw new RateUnavailableError(`rate source answered ${res.status}`);
        body = await res.json();
      } catch (err) {
        if (err instanceof RateUnavailableError) throw err;
        throw new RateUnavailableError(`rate source unreachable: ${(err as Error).message}`);
      }
      const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).inrPerUsdt : undefined;
      const rate = typeof raw === 'string' ? parseRateMinor(raw) : null;
      if (rate === null) throw new RateUnavailableError('rate source answered without a valid inrPerUsdt');
      return rate;
    },
  };
}

export function rateSourceOf(config: UsdtRateSourceConfig): RateSource {
  return config.kind === 'fixed' ? fixedRateSource(config.rateMinorPerToken) : httpRateSource(config.url, config.timeoutMs);
}
