import { z } from 'zod';
import { bareFlagSchema, type EnvOf, isOn, secretSchema } from './shared';

/** Game vendors: the demo vendor (a sandbox channel) and what any vendor may credit. */

/** The demo game vendor as this server knows it: its wallet-call secret and where it lives. */
export type DemoVendorConfig = { secret: string; publicUrl: string };

/** What a game vendor may credit (decision 193). */
export type VendorWalletConfig = { maxWinMultiple: number; freeRoundMaxMinor: number; freeRoundDailyMaxMinor: number };

export const VENDOR_DEFAULTS = {
  /** apps/demo-vendor's own port on a development machine. */
  demoVendorUrl: 'http://localhost:3003',
  maxWinMultiple: 1_000,
  /** 0: free rounds are refused until the operator sets a bound. */
  freeRoundMaxMinor: 0,
  freeRoundDailyMaxMinor: 0,
} as const;

const MAX_WIN_MULTIPLE = 1_000_000;

export const VENDOR_ENV = {
  // The demo game vendor (apps/demo-vendor), a sandbox channel: on by default outside production.
  DEMO_VENDOR: bareFlagSchema.optional(),
  DEMO_VENDOR_SECRET: secretSchema.optional(),
  // Where players' browsers reach the demo vendor (the launch redirect goes there).
  DEMO_VENDOR_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default(VENDOR_DEFAULTS.demoVendorUrl),
  // Seamless wallet credits (decision 193): a round's credits are at most its debits times this;
  // a declared free-round credit (no debit) at most the first amount, and per player and vendor
  // in any 24 h at most the second (0: free rounds refused).
  VENDOR_MAX_WIN_MULTIPLE: z.coerce.number().int().min(1).max(MAX_WIN_MULTIPLE).default(VENDOR_DEFAULTS.maxWinMultiple),
  VENDOR_FREE_ROUND_MAX_MINOR: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(VENDOR_DEFAULTS.freeRoundMaxMinor),
  VENDOR_FREE_ROUND_DAILY_MAX_MINOR: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(VENDOR_DEFAULTS.freeRoundDailyMaxMinor),
};

type VendorEnv = EnvOf<typeof VENDOR_ENV>;

/** The demo vendor's sandbox channel: on by default outside production. */
export function demoVendorOn(e: VendorEnv): boolean {
  return e.DEMO_VENDOR === undefined ? e.NODE_ENV !== 'production' : isOn(e.DEMO_VENDOR);
}

export function demoVendorConfigOf(e: VendorEnv, generatedSecret: () => string): DemoVendorConfig {
  return { secret: e.DEMO_VENDOR_SECRET ?? generatedSecret(), publicUrl: e.DEMO_VENDOR_URL.replace(/\/+$/, '') };
}

export function vendorWalletConfigOf(e: VendorEnv): VendorWalletConfig {
  return {
    maxWinMultiple: e.VENDOR_MAX_WIN_MULTIPLE,
    freeRoundMaxMinor: e.VENDOR_FREE_ROUND_MAX_MINOR,
    freeRoundDailyMaxMinor: e.VENDOR_FREE_ROUND_DAILY_MAX_MINOR,
  };
}
