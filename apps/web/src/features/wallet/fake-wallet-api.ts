import type { Deposit, DepositInfo, Wallet } from '@colorplay/contract';
import { vi } from 'vitest';

/**
 * Test helper (imported only by *.test.tsx): a fetch stub that answers the wallet endpoints
 * from handlers and records every call, so tests can check what the page sent.
 */

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

type Handler = (call: RecordedCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Installs a fetch stub; `handlers` are keyed "METHOD /path" (no query). Unknown calls answer 404. */
export function stubWalletApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, url, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `no handler for ${method} ${url.pathname}` } });
    const { status = 200, body: answer } = await handler(call);
    return jsonResponse(status, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const DEPOSIT_INFO: DepositInfo = {
  currency: 'INR',
  expiryMinutes: 15,
  sandbox: true,
  channels: [
    { channel: 'upi', enabled: true, minMinor: 100_00, maxMinor: 50_000_00, presetsMinor: [100_00, 500_00, 1_000_00] },
    { channel: 'usdt', enabled: false, minMinor: 0, maxMinor: 0, presetsMinor: [] },
  ],
};

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return { currency: 'INR', totalMinor: 0, mainMinor: 0, vendors: [], ...overrides };
}

export function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  const id = overrides.id ?? 'dep_test000001';
  return {
    id,
    channel: 'upi',
    amountMinor: 500_00,
    currency: 'INR',
    status: 'pending_payment',
    payeeVpa: 'colorplay.sandbox@upi',
    upiLink: `upi://pay?pa=colorplay.sandbox%40upi&pn=Colorplay&am=500.00&cu=INR&tr=${id}`,
    paymentUrl: '/sandbox/upi/pay/sbx_abcdef',
    utr: null,
    failureReason: null,
    createdAt: '2026-01-15T04:30:00.000Z',
    expiresAt: '2026-01-15T04:45:00.000Z',
    completedAt: null,
    ...overrides,
  };
}
