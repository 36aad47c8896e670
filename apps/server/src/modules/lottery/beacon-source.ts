import { hkdfSync, randomBytes } from 'node:crypto';
import { bytesToHex, checkBeaconValue, QUICKNET, roundBytes, beaconRoundTimeMs, type BeaconParams, type BeaconValue } from '@colorplay/fair';
import { sha256Sync } from '@colorplay/fair/node';
import { bls12_381 } from '@noble/curves/bls12-381';
import type { Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import * as repo from './repo';

/**
 * Where the draws' beacon values come from (decision 180). Every source answers a round only
 * with a value whose BLS signature it verified against `params.publicKey`; the engine checks it
 * once more before drawing, so no HTTP server, cache or table is trusted.
 */
export type BeaconSource = {
  /** `drand-quicknet` or `sandbox`: published with each chain. */
  name: string;
  params: BeaconParams;
  /** The verified value of round r, or null when it is not available (not produced yet, unreachable, refused). */
  fetch(round: number): Promise<BeaconValue | null>;
};

const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** A BLS12-381 secret scalar (1..r-1) as 64 hex, reduced from 48 bytes of key material. */
function scalarOf(okm: Uint8Array): string {
  const order = bls12_381.fields.Fr.ORDER;
  return ((BigInt(`0x${Buffer.from(okm).toString('hex')}`) % (order - 1n)) + 1n).toString(16).padStart(64, '0');
}

/** The key installs before migration 027 derived from LOTTERY_CHAIN_SECRET (kept only to adopt it once). */
const legacySandboxKey = (secret: string) => scalarOf(Buffer.from(hkdfSync('sha256', secret, 'colorplay', 'sandbox beacon key v1', 48)));

const publicKeyOf = (secretKey: string) => bytesToHex(bls12_381.getPublicKeyForShortSignatures(secretKey));

/**
 * The sandbox beacon's own secret key (decision 382), stored once in lottery_sandbox_beacon so
 * every node signs alike and it survives restarts. It is not derived from LOTTERY_CHAIN_SECRET
 * any more: a changed chain secret used to change the beacon key too, and the rounds of every
 * published chain then waited for values under a key no node had. An install from before 027
 * whose chains name the key its chain secret derived adopts that key once; any other starts
 * with a random one.
 */
export async function sandboxBeaconKey(db: Queryable, opts: { legacySecret: string; now: Date }): Promise<string> {
  const existing = await repo.selectSandboxBeaconKey(db);
  if (existing) return existing;
  const legacy = legacySandboxKey(opts.legacySecret);
  const secretKey = (await repo.sandboxChainsNameKey(db, publicKeyOf(legacy))) ? legacy : scalarOf(randomBytes(48));
  await repo.insertSandboxBeaconKey(db, secretKey, publicKeyOf(secretKey), opts.now);
  // Another node may have written it first: every node signs with the stored one.
  return (await repo.selectSandboxBeaconKey(db))!;
}

/**
 * The local sandbox beacon (`npm start`, tests): drand quicknet's format, genesis and period,
 * signed with its own key (`secretKey`, from sandboxBeaconKey; tests may give a `secret` to
 * derive one from instead). It signs round r only once the clock has reached r's time, like the
 * real network. Whoever holds the key can sign any round, so it proves nothing against the
 * operator: it is a sandbox, refused in production unless ALLOW_SANDBOX_IN_PRODUCTION=demo.
 */
export function createSandboxBeacon(opts: ({ secret: string } | { secretKey: string }) & { clock: Clock }): BeaconSource & { sign(round: number): string } {
  const secretKey = 'secretKey' in opts ? opts.secretKey : legacySandboxKey(opts.secret);
  const publicKey = publicKeyOf(secretKey);
  const params: BeaconParams = { publicKey, genesisMs: QUICKNET.genesisMs, periodMs: QUICKNET.periodMs };
  const cache = new Map<number, string>();
  const sign = (round: number): string => {
    let sig = cache.get(round);
    if (!sig) {
      sig = bytesToHex(bls12_381.signShortSignature(sha256Sync(roundBytes(round)), secretKey, { DST }));
      if (cache.size > 4096) cache.clear();
      cache.set(round, sig);
    }
    return sig;
  };
  return {
    name: 'sandbox',
    params,
    sign,
    async fetch(round) {
      if (opts.clock.now().getTime() < beaconRoundTimeMs(params, round)) return null;
      const signature = sign(round);
      return { round, signature, randomness: bytesToHex(sha256Sync(Buffer.from(signature, 'hex'))) };
    },
  };
}

export type DrandHttpOptions = {
  /** Base addresses tried in order (`https://api.drand.sh`, `https://drand.cloudflare.com`, ...). */
  urls: string[];
  chainHash: string;
  params: BeaconParams;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
  onRefused?: (detail: { url: string; round: number; reason: string }) => void;
};

/**
 * drand over its public HTTP API (`GET <url>/<chainHash>/public/<round>`). The answer is only
 * transport: the signature is verified against the pinned public key and the randomness
 * recomputed from it, so a lying or compromised HTTP server can delay a draw, never steer it.
 */
export function createDrandHttpBeacon(opts: DrandHttpOptions): BeaconSource {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    name: 'drand-quicknet',
    params: opts.params,
    async fetch(round) {
      for (const base of opts.urls) {
        const url = `${base.replace(/\/+$/, '')}/${opts.chainHash}/public/${round}`;
        try {
          const res = await doFetch(url, { signal: AbortSignal.timeout(opts.timeoutMs), headers: { accept: 'application/json' } });
          if (!res.ok) continue;
          const body = (await res.json()) as { round?: unknown; signature?: unknown };
          const signature = typeof body.signature === 'string' ? body.signature.toLowerCase() : '';
          if (body.round !== round) {
            opts.onRefused?.({ url, round, reason: `answered round ${String(body.round)}` });
            continue;
          }
          const value = { round, signature, randomness: bytesToHex(sha256Sync(Buffer.from(signature, 'hex'))) };
          const checked = await checkBeaconValue(opts.params.publicKey, value);
          if (!checked.ok) {
            opts.onRefused?.({ url, round, reason: checked.detail });
            continue;
          }
          return value;
        } catch {
          // Unreachable or too slow: the next address, or the next engine run.
        }
      }
      return null;
    },
  };
}
