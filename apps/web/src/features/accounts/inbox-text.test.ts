import { INBOX_MESSAGE_KEYS, type InboxMessage, type InboxMessageKey } from '@colorplay/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../lib/i18n';
import { enInbox } from '../../lib/messages/en-inbox';
import { hiInbox } from '../../lib/messages/hi/inbox';
import { inboxText } from './inbox-text';

type ParamsOf<K extends InboxMessageKey> = Extract<InboxMessage, { key: K }>['params'];

// One message of every key the contract lists (a mapped type: a new key fails typecheck here).
const SAMPLES: { [K in InboxMessageKey]: ParamsOf<K> } = {
  welcome: {},
  welcomeDemo: {},
  passwordChanged: {},
  passwordReset: {},
  accountSuspended: {},
  suspensionLifted: {},
  accountClosedPayOut: {},
  accountClosedHold: {},
  supportReplied: {},
  supportResolved: {},
  depositSucceeded: { orderId: 'dep_a1', amountMinor: 123_456_78 },
  depositFailed: { orderId: 'dep_a2', amountMinor: 500_00 },
  depositExpired: { orderId: 'dep_a3', amountMinor: 500_00 },
  withdrawalApproved: { withdrawalId: 'wd_1', amountMinor: 200_00 },
  withdrawalPaid: { withdrawalId: 'wd_2', amountMinor: 200_00 },
  withdrawalPaidAfterFee: { withdrawalId: 'wd_3', amountMinor: 200_00, feeMinor: 7_00 },
  withdrawalRejected: { withdrawalId: 'wd_4', amountMinor: 200_00, reason: 'Name does not match' },
  withdrawalFailed: { withdrawalId: 'wd_5', amountMinor: 200_00, reason: null },
  withdrawalReturned: { withdrawalId: 'wd_6', amountMinor: 200_00, reason: 'Account closed' },
  kycVerified: {},
  kycRejected: { reason: 'PAN unreadable' },
  text: { title: 'Stored title', body: 'Stored body' },
};
const messages = INBOX_MESSAGE_KEYS.map((key) => ({ key, params: SAMPLES[key] }) as InboxMessage);

describe('inbox messages in the player language', () => {
  afterEach(() => setLocale('en'));

  it('has an English and a Hindi title and body for every key of the contract', () => {
    const keyed = INBOX_MESSAGE_KEYS.filter((k) => k !== 'text');
    const missing = (dict: Record<string, string>) => keyed.flatMap((k) => [`inbox.${k}.title`, `inbox.${k}.body`]).filter((name) => !dict[name]);
    expect(missing(enInbox)).toEqual([]);
    expect(missing(hiInbox)).toEqual([]);
    // And no text for a key the server cannot send.
    expect(Object.keys(enInbox).filter((name) => !['inbox.reason', 'inbox.announcements', 'inbox.markRead'].includes(name) && !(keyed as string[]).includes(name.split('.')[1]!))).toEqual([]);
  });

  it('fills every placeholder, in English and in Hindi, with amounts in the app money format', async () => {
    const english = messages.map((m) => inboxText(t, m));
    await setLocale('hi');
    const hindi = messages.map((m) => inboxText(t, m));
    for (const text of [...english, ...hindi]) expect(`${text.title} ${text.body}`).not.toMatch(/[{}]|inbox\./);
    const at = (key: InboxMessageKey) => INBOX_MESSAGE_KEYS.indexOf(key);
    expect(english[at('depositSucceeded')]).toEqual({ title: 'Recharge successful', body: '₹1,23,456.78 was added to your wallet (order dep_a1).' });
    // Indian digit grouping in both languages, as every other amount of the app (decision 474).
    expect(hindi[at('depositSucceeded')]).toEqual({ title: 'रिचार्ज सफल', body: '₹1,23,456.78 आपके वॉलेट में जोड़ दिए गए (ऑर्डर dep_a1)।' });
    expect(english[at('withdrawalPaidAfterFee')]!.body).toBe('₹193.00 was sent to your account for your withdrawal of ₹200.00 (wd_3), after a ₹7.00 fee.');
    expect(hindi[at('withdrawalRejected')]!.body).toMatch(/ कारण: Name does not match$/);
    expect(english[at('withdrawalFailed')]!.body).not.toMatch(/Reason/);
    // Every keyed message reads differently in Hindi; the stored fallback is shown as written.
    const same = INBOX_MESSAGE_KEYS.filter((k, i) => k !== 'text' && english[i]!.body === hindi[i]!.body);
    expect(same).toEqual([]);
    expect(hindi[at('text')]).toEqual({ title: 'Stored title', body: 'Stored body' });
  });
});
