import { z } from 'zod';
import { type EnvOf, HOUR_MS, httpUrlSchema, MINUTE_MS, msSchema, SECOND_MS } from './shared';

/** The USDT recharge channel (docs/payments.md "USDT"): the sandbox chain or a real node. */

/**
 * The extended public key the sandbox derives deposit addresses from: m/44'/60'/0'/0 of the
 * public test mnemonic "abandon ... about" (BIP-39 test vector). Anyone can derive its private
 * keys, which is why it is a default only for the sandbox chain and refused elsewhere.
 */
export const SANDBOX_USDT_XPUB =
  'xpub6EF8jXqFeFEW5bwMU7RpQtHkzE4KJxcqJtvkCjJumzW8CPpacXkb92ek4WzLQXjL93HycJwTPUAcuNxCqFPKKU5m5Z2Vq4nCyh5CyPeBFFr';

export const USDT_DEFAULTS = {
  tokenSymbol: 'USDT',
  rateTimeoutMs: 3 * SECOND_MS,
  expiryMinutes: 30,
  /** How often the watcher reads a real node (a few blocks of BNB Smart Chain's 3 s). */
  watchMs: 3 * SECOND_MS,
  blockBatch: 500,
  devChainBlockMs: SECOND_MS,
  /** A recharge's limits, the same ₹100 to ₹50,000 as a UPI recharge. */
  minMinor: 100_00,
  maxMinor: 50_000_00,
  /** Blocks a transfer on a real chain waits for before it counts. */
  rpcConfirmations: 12,
  sandbox: {
    /** The conventional id of a local development chain. */
    chainId: 1337,
    networkName: 'Colorplay dev chain (sandbox)',
    /** The sandbox token's decimals (ERC-20's usual 18). */
    tokenDecimals: 18,
    /** Blocks a sandbox transfer waits for (the dev chain mines quickly). */
    confirmations: 3,
    /** INR per token when USDT_INR_RATE is unset. */
    inrRate: '83.00',
  },
} as const;

export type UsdtRateSourceConfig =
  | { kind: 'fixed'; rateMinorPerToken: number }
  | { kind: 'http'; url: string; timeoutMs: number };

export type UsdtConfig = {
  /** sandbox: an in-process dev chain with a test token (decision 130); rpc: a real node. */
  kind: 'sandbox' | 'rpc';
  /** The node's JSON-RPC URL; the sandbox's comes from its dev chain at start. */
  rpcUrl: string | undefined;
  chainId: number;
  networkName: string;
  /** The token contract (lower-case hex); the sandbox deploys its own. */
  tokenAddress: string | undefined;
  tokenSymbol: string;
  tokenDecimals: number;
  xpub: string;
  rate: UsdtRateSourceConfig;
  confirmations: number;
  expiryMinutes: number;
  /** How often the leader runs the chain watcher; 0 leaves it off (tests run it by hand). */
  watchMs: number;
  /** The block the watcher starts from on its first run; default the head at that time. */
  startBlock: number | undefined;
  /** Block range of one getLogs call. */
  blockBatch: number;
  /** Sandbox only: a block every this many ms (0: a block per transaction only). */
  devChainBlockMs: number;
  minMinor: number;
  maxMinor: number;
};

const USDT_RPC_REQUIRED = ['USDT_RPC_URL', 'USDT_CHAIN_ID', 'USDT_NETWORK_NAME', 'USDT_TOKEN_ADDRESS', 'USDT_TOKEN_DECIMALS', 'USDT_XPUB', 'USDT_RATE_URL'] as const;

/** The largest signed 32-bit integer; the chain ids in use are far below it. */
const MAX_CHAIN_ID = 2_147_483_647;
const MINUTES_PER_DAY = 24 * 60;

export const USDT_ENV = {
  USDT_CHANNEL: z.enum(['sandbox', 'rpc', 'off']).optional(),
  USDT_RPC_URL: httpUrlSchema.optional(),
  USDT_CHAIN_ID: z.coerce.number().int().min(1).max(MAX_CHAIN_ID).optional(),
  USDT_NETWORK_NAME: z.string().min(1).max(60).optional(),
  USDT_TOKEN_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits').optional(),
  USDT_TOKEN_SYMBOL: z.string().regex(/^[A-Za-z0-9.]{1,11}$/, 'must be 1 to 11 letters or digits').default(USDT_DEFAULTS.tokenSymbol),
  USDT_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(36).optional(),
  USDT_XPUB: z.string().regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an extended public key (xpub...)').optional(),
  USDT_INR_RATE: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be INR per USDT with at most two decimals, e.g. 83.25').optional(),
  USDT_RATE_URL: httpUrlSchema.optional(),
  USDT_RATE_TIMEOUT_MS: msSchema(100, 30 * SECOND_MS, USDT_DEFAULTS.rateTimeoutMs),
  USDT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
  USDT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(MINUTES_PER_DAY).default(USDT_DEFAULTS.expiryMinutes),
  // Unset: USDT_DEFAULTS.watchMs on a real node, every block on the sandbox chain (usdtConfigOf).
  USDT_WATCH_MS: z.coerce.number().int().min(0).max(HOUR_MS).optional(),
  USDT_START_BLOCK: z.coerce.number().int().min(0).optional(),
  USDT_BLOCK_BATCH: z.coerce.number().int().min(1).max(100_000).default(USDT_DEFAULTS.blockBatch),
  USDT_DEV_CHAIN_BLOCK_MS: msSchema(0, MINUTE_MS, USDT_DEFAULTS.devChainBlockMs),
};

type UsdtEnv = EnvOf<typeof USDT_ENV>;

/** "83.25" -> 8325 paise per token, parsed as integers: no float on the way to money. */
function rateMinorPerTokenOf(rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The USDT channel: the sandbox chain by default outside production, a real node (rpc) by
 * default in production, which then needs every real setting (there is no default xpub, token or
 * rate there); USDT_CHANNEL=off runs without USDT.
 */
export function usdtConfigOf(e: UsdtEnv): { config: UsdtConfig | undefined; problems: string[] } {
  const production = e.NODE_ENV === 'production';
  const channel = e.USDT_CHANNEL ?? (production ? 'rpc' : 'sandbox');
  if (channel === 'off') return { config: undefined, problems: [] };
  const common = {
    tokenSymbol: e.USDT_TOKEN_SYMBOL,
    expiryMinutes: e.USDT_EXPIRY_MINUTES,
    watchMs: e.USDT_WATCH_MS ?? USDT_DEFAULTS.watchMs,
    startBlock: e.USDT_START_BLOCK,
    blockBatch: e.USDT_BLOCK_BATCH,
    devChainBlockMs: e.USDT_DEV_CHAIN_BLOCK_MS,
    minMinor: USDT_DEFAULTS.minMinor,
    maxMinor: USDT_DEFAULTS.maxMinor,
  };
  if (channel === 'sandbox') {
    const sandbox = USDT_DEFAULTS.sandbox;
    const rateMinorPerToken = rateMinorPerTokenOf(e.USDT_INR_RATE ?? sandbox.inrRate);
    if (rateMinorPerToken <= 0) return { config: undefined, problems: ['USDT_INR_RATE: must be more than zero'] };
    return {
      problems: [],
      config: {
        ...common,
        // Every block of the dev chain, so a player watching a sandbox transfer sees each
        // confirmation arrive (1 of 3, 2 of 3) rather than a jump to credited (decision 473).
        watchMs: e.USDT_WATCH_MS ?? e.USDT_DEV_CHAIN_BLOCK_MS,
        kind: 'sandbox',
        rpcUrl: undefined,
        chainId: sandbox.chainId,
        networkName: e.USDT_NETWORK_NAME ?? sandbox.networkName,
        tokenAddress: undefined,
        tokenDecimals: sandbox.tokenDecimals,
        xpub: e.USDT_XPUB ?? SANDBOX_USDT_XPUB,
        rate: { kind: 'fixed', rateMinorPerToken },
        confirmations: e.USDT_CONFIRMATIONS ?? sandbox.confirmations,
      },
    };
  }
  const problems = USDT_RPC_REQUIRED.filter((name) => e[name] === undefined).map(
    (name) => `${name}: required when USDT_CHANNEL is rpc${e.USDT_CHANNEL ? '' : ' (the default in production; USDT_CHANNEL=off runs without USDT)'}`,
  );
  if (e.USDT_XPUB === SANDBOX_USDT_XPUB) problems.push('USDT_XPUB: the sandbox test key is public; use the operator wallet\'s own xpub');
  if (production && e.USDT_INR_RATE !== undefined) problems.push('USDT_INR_RATE: a fixed rate is for the sandbox only; production reads USDT_RATE_URL');
  if (problems.length > 0) return { config: undefined, problems };
  return {
    problems: [],
    config: {
      ...common,
      kind: 'rpc',
      rpcUrl: e.USDT_RPC_URL!,
      chainId: e.USDT_CHAIN_ID!,
      networkName: e.USDT_NETWORK_NAME!,
      tokenAddress: e.USDT_TOKEN_ADDRESS!.toLowerCase(),
      tokenDecimals: e.USDT_TOKEN_DECIMALS!,
      xpub: e.USDT_XPUB!,
      rate: { kind: 'http', url: e.USDT_RATE_URL!, timeoutMs: e.USDT_RATE_TIMEOUT_MS },
      confirmations: e.USDT_CONFIRMATIONS ?? USDT_DEFAULTS.rpcConfirmations,
    },
  };
}
