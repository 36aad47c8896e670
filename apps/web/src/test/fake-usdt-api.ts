import type { RuntimeConfig, UsdtDeposit } from '@colorplay/contract';

/** Test helper (imported only by *.test.tsx): USDT recharge fixtures (contract usdt.ts). */

/** GET /api/config of a server running the USDT channel; `usdtChain` says whether its faucet is on. */
export function runtimeConfig(overrides: { usdt?: boolean; usdtChain?: boolean } = {}): RuntimeConfig {
  return {
    demo: false,
    sandbox: { sms: true, upi: true, demoVendor: true, usdtChain: overrides.usdtChain ?? true },
    usdt: overrides.usdt ?? true,
    open_game_url: '/api/games/open-game-url',
  };
}

export const USDT_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
export const USDT_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** A waiting order for ₹500.00 at ₹83.25 per USDT (6.006006 USDT), created now, expiring in 30 minutes. */
export function makeUsdtDeposit(overrides: Partial<UsdtDeposit> = {}): UsdtDeposit {
  const now = Date.now();
  return {
    id: 'usdt_test000001',
    channel: 'usdt',
    status: 'waiting',
    amountMinor: 500_00,
    currency: 'INR',
    usdtAmount: '6.006006',
    usdtAmountBaseUnits: '6006006000000000000',
    rate: '83.25',
    rateMinorPerToken: 83_25,
    depositAddress: USDT_ADDRESS,
    network: 'Colorplay dev chain (sandbox)',
    chainId: 1337,
    tokenAddress: USDT_TOKEN,
    tokenSymbol: 'USDT',
    tokenDecimals: 18,
    confirmations: 0,
    requiredConfirmations: 3,
    receivedBaseUnits: null,
    receivedUsdt: null,
    creditedMinor: null,
    txHash: null,
    underpaid: false,
    overpaid: false,
    reviewReason: null,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 30 * 60_000).toISOString(),
    completedAt: null,
    serverTime: new Date(now).toISOString(),
    ...overrides,
  };
}
