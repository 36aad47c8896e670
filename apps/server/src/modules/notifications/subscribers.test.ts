import type { InboxMessage } from '@colorplay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { NOTIFICATIONS_HANDLER } from './subscribers';

let t: TestApp;
let player: PlayerClient;
let playerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  player = new PlayerClient(t.app, '203.0.113.40');
  expect((await player.register('9833333333')).statusCode).toBe(200);
  playerId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9833333333'`)).rows[0]!.id;
  // The welcome message arrives after commit; start every test from a settled inbox.
  await t.app.events.settled();
});
afterAll(async () => t.app.close());

const inbox = async () => (await player.call('GET', '/api/notifications')).json().data.items.map((n: { message: InboxMessage }) => n.message) as InboxMessage[];

describe('the inbox subscribes to deposit events', () => {
  it('writes one message per event, and none again when the event is delivered twice', async () => {
    const before = (await inbox()).length;
    const eventId = await t.db.transaction((tx) =>
      t.app.events.record(tx, 'DepositSucceeded', {
        orderId: 'dep_sub_test1',
        playerId,
        amountMinor: 123_45,
        currency: 'INR',
        channel: 'upi',
        transferId: 'tr_sub',
      }),
    );
    await t.app.events.settled();
    const after = await inbox();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toEqual({ key: 'depositSucceeded', params: { orderId: 'dep_sub_test1', amountMinor: 123_45 } });

    // At least once means it may come again (a crash after the handler's commit was lost, an
    // operator replaying the outbox): forget the delivery record and dispatch once more.
    await t.db.query('DELETE FROM domain_event_deliveries WHERE event_id = $1 AND handler = $2', [eventId, NOTIFICATIONS_HANDLER]);
    await t.db.query('UPDATE domain_events SET dispatched_at = NULL WHERE id = $1', [eventId]);
    await t.app.events.dispatch();
    const delivered = await t.db.query<{ delivered: boolean }>(
      'SELECT delivered_at IS NOT NULL AS delivered FROM domain_event_deliveries WHERE event_id = $1 AND handler = $2',
      [eventId, NOTIFICATIONS_HANDLER],
    );
    expect(delivered.rows).toEqual([{ delivered: true }]);
    expect(await inbox()).toHaveLength(before + 1);
  });

  it('tells the player of a failed and of an expired recharge', async () => {
    const base = { playerId, amountMinor: 200_00, currency: 'INR', channel: 'upi' as const };
    await t.db.transaction(async (tx) => {
      await t.app.events.record(tx, 'DepositFailed', { ...base, orderId: 'dep_sub_failed', reason: 'declined_by_payer' });
      await t.app.events.record(tx, 'DepositExpired', { ...base, orderId: 'dep_sub_expired' });
    });
    await t.app.events.settled();
    const keys = (await inbox()).slice(0, 2).map((m) => m.key);
    expect(keys.sort()).toEqual(['depositExpired', 'depositFailed']);
  });
});

describe('the inbox subscribes to account events', () => {
  it('welcomes a new player and warns of a password reset, once per event', async () => {
    await t.app.events.settled();
    const titles = async () => (await inbox()).map((m) => m.key);
    // Registration in beforeAll recorded PlayerRegistered.
    expect((await titles()).filter((x) => x === 'welcome')).toHaveLength(1);
    await t.db.transaction((tx) => t.app.events.record(tx, 'PasswordReset', { playerId }));
    await t.app.events.settled();
    await t.app.events.dispatch();
    expect((await titles())[0]).toBe('passwordReset');
    expect((await titles()).filter((x) => x === 'passwordReset')).toHaveLength(1);
  });
});
