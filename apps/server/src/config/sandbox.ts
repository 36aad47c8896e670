import { z } from 'zod';

/**
 * Sandbox channels (decision 040): each is off in production unless the operator declares a demo
 * without real money with ALLOW_SANDBOX_IN_PRODUCTION=demo, the one switch for all of them.
 */

export const SANDBOX_ENV = {
  ALLOW_SANDBOX_IN_PRODUCTION: z.enum(['demo'], { error: 'the only accepted value is "demo"' }).optional(),
};

/**
 * Every sandbox channel and whether it is on. Another channel (faucet, demo vendor) is one more
 * key here; `sandboxChannelsOn` and the production refusal pick it up by themselves.
 */
export type SandboxChannels = { sms: boolean; upi: boolean; demoVendor: boolean; usdtChain: boolean; payouts: boolean };

/** The setting that turns each channel's sandbox on, as the refusal names it. */
const SWITCH_OF: { [K in keyof SandboxChannels]: string } = {
  sms: 'SMS_CHANNEL=sandbox',
  upi: 'UPI_CHANNEL=sandbox',
  demoVendor: 'DEMO_VENDOR=1',
  usdtChain: 'USDT_CHANNEL=sandbox',
  payouts: 'PAYOUT_CHANNEL=sandbox',
};

/** The sandbox channels that are on, by name (every key of `config.sandbox`). */
export function sandboxChannelsOn(config: { sandbox: SandboxChannels }): string[] {
  return Object.entries(config.sandbox)
    .filter(([, on]) => on)
    .map(([name]) => name);
}

/** True when ALLOW_SANDBOX_IN_PRODUCTION=demo: a production-mode demo may run sandbox channels. */
export const sandboxAllowed = (e: { ALLOW_SANDBOX_IN_PRODUCTION?: 'demo' | undefined }) => e.ALLOW_SANDBOX_IN_PRODUCTION === 'demo';

/** Production without the demo switch: one line per sandbox channel that is on. */
export function sandboxRefusals(production: boolean, allowed: boolean, sandbox: SandboxChannels): string[] {
  if (!production || allowed) return [];
  // A sandbox channel in production hands out codes or credits without real money moving.
  return sandboxChannelsOn({ sandbox }).map(
    (channel) =>
      `${SWITCH_OF[channel as keyof SandboxChannels]}: a sandbox channel is refused in production; configure the real channel, or set ALLOW_SANDBOX_IN_PRODUCTION=demo for a demo without real money`,
  );
}
