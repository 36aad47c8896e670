import type { DomainEvent, DomainEventPayload, WithdrawalStatus } from '@colorplay/contract';
import { INBOX_MESSAGE_KEYS, WITHDRAWAL_STATUSES } from '@colorplay/contract';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { depositMessage, kycMessage, withdrawalMessage } from './messages';

const withdrawal = (status: WithdrawalStatus, over: Partial<DomainEventPayload<'WithdrawalStatusChanged'>> = {}): DomainEvent<'WithdrawalStatusChanged'> => ({
  id: 'evt_w',
  name: 'WithdrawalStatusChanged',
  occurredAt: '2026-11-23T06:00:00.000Z',
  payload: { withdrawalId: 'wd_1', playerId: 7, amountMinor: 20_000, feeMinor: 700, currency: 'INR', status, reason: null, ...over },
});

describe('withdrawal inbox messages', () => {
  it('has a message for each outcome and none for the steps between', () => {
    const keyed = Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, withdrawalMessage(withdrawal(s))?.key ?? null]));
    expect(keyed).toEqual({
      requested: null,
      review: null,
      approved: 'withdrawalApproved',
      processing: null,
      paid: 'withdrawalPaidAfterFee',
      failed: 'withdrawalFailed',
      cancelled: null,
      rejected: 'withdrawalRejected',
      failed_after_paid: 'withdrawalReturned',
    });
  });

  it('carries the amount and the fee in minor units, and a paid withdrawal without a fee has its own key', () => {
    expect(withdrawalMessage(withdrawal('paid'))).toEqual({ key: 'withdrawalPaidAfterFee', params: { withdrawalId: 'wd_1', amountMinor: 20_000, feeMinor: 700 } });
    expect(withdrawalMessage(withdrawal('paid', { feeMinor: 0, amountMinor: 123_45 }))).toEqual({ key: 'withdrawalPaid', params: { withdrawalId: 'wd_1', amountMinor: 123_45 } });
  });

  it("gives the operator's or the gateway's reason as written, and no empty reason", () => {
    expect(withdrawalMessage(withdrawal('rejected', { reason: ' Name does not match the bank account ' }))!.params).toMatchObject({ reason: 'Name does not match the bank account' });
    expect(withdrawalMessage(withdrawal('failed', { reason: '  ' }))!.params).toMatchObject({ reason: null });
    expect(withdrawalMessage(withdrawal('failed_after_paid', { reason: 'Account closed' }))!.params).toMatchObject({ reason: 'Account closed' });
  });
});

describe('KYC inbox messages', () => {
  const kyc = (status: 'pending' | 'verified' | 'rejected', reason: string | null = null): DomainEvent<'KycStatusChanged'> => ({
    id: 'evt_k',
    name: 'KycStatusChanged',
    occurredAt: '2026-11-23T06:00:00.000Z',
    payload: { submissionId: 'kyc_1', playerId: 7, status, reason },
  });

  it('tells of a decision, with the reason of a rejection, and not of the submission', () => {
    expect(kycMessage(kyc('pending'))).toBeNull();
    expect(kycMessage(kyc('verified'))).toEqual({ key: 'kycVerified', params: {} });
    expect(kycMessage(kyc('rejected', 'Photo is blurred'))).toEqual({ key: 'kycRejected', params: { reason: 'Photo is blurred' } });
  });
});

describe('deposit inbox messages', () => {
  it('names the order and the amount in minor units', () => {
    const base = { orderId: 'dep_1', playerId: 7, amountMinor: 500_00, currency: 'INR', channel: 'upi' as const };
    const event = { id: 'evt_d', occurredAt: '2026-11-23T06:00:00.000Z' };
    expect(depositMessage({ ...event, name: 'DepositSucceeded', payload: { ...base, transferId: 'tr_1' } })).toEqual({ key: 'depositSucceeded', params: { orderId: 'dep_1', amountMinor: 500_00 } });
    expect(depositMessage({ ...event, name: 'DepositExpired', payload: base }).key).toBe('depositExpired');
  });
});

// Every message the server writes is a key of the contract, rendered by the client in the
// player's language (decision 457). The types force it at each call of addNotification; this reads
// the server's sources for what the types cannot see: no call site writes English text, none
// writes the migration's 'text' fallback, and every key the contract lists is one the server can
// write (a key nobody writes would be a translation nobody reads).
const SRC = path.resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });

describe('every server message is a key', () => {
  const files = sources(SRC).map((file) => ({ file: path.relative(SRC, file), text: readFileSync(file, 'utf8') }));

  it('writes only keyed messages at every call of addNotification', () => {
    const calls = files.flatMap(({ file, text }) => [...text.matchAll(/addNotification\(([^;]*?)\);/gs)].map((m) => ({ file, args: m[1]! })));
    expect(calls.length).toBeGreaterThan(3);
    // The message argument is built by inboxMessage(...) or by one of this module's builders.
    const unkeyed = calls.filter((c) => !/inboxMessage\(|depositMessage\(|message\b/.test(c.args) || /title:|body:/.test(c.args));
    expect(unkeyed).toEqual([]);
    const literalKeys = files.flatMap(({ text }) => [...text.matchAll(/inboxMessage\('(\w+)'/g)].map((m) => m[1]!));
    expect(literalKeys.filter((k) => !(INBOX_MESSAGE_KEYS as string[]).includes(k) || k === 'text')).toEqual([]);
  });

  it('can write every key the contract lists, except the stored-text fallback', () => {
    const written = new Set(
      files.flatMap(({ text }) => [
        ...[...text.matchAll(/inboxMessage\('(\w+)'/g)].map((m) => m[1]!),
        // Keys chosen by a condition or a table (inboxMessage(cond ? 'a' : 'b'), { DepositSucceeded: 'depositSucceeded' }).
        ...[...text.matchAll(/[?:] '(\w+)'/g)].map((m) => m[1]!),
      ]),
    );
    expect(INBOX_MESSAGE_KEYS.filter((k) => k !== 'text' && !written.has(k))).toEqual([]);
  });
});
