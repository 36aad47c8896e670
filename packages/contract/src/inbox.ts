import { z } from 'zod';

/**
 * Inbox messages as data (decision 457): the server stores a key and its parameters, the web
 * renders them in the language the player reads now. This table is the one place a message is
 * added: a key here, its English and Hindi in the web's `inbox` dictionaries (typecheck fails
 * until both exist), and the server writes `{ key, params }` through `addNotification`.
 *
 * Amounts are integer minor units, formatted by the web with the app's money format; a reason is
 * the operator's or the gateway's own words and is shown as written.
 */
const amount = z.number().int();
const reason = z.string().nullable();
const none = z.object({});

export const INBOX_MESSAGE_PARAMS = {
  welcome: none,
  welcomeDemo: none,
  passwordChanged: none,
  passwordReset: none,
  accountSuspended: none,
  suspensionLifted: none,
  // An operator closed the account (decision 440); what happens to the balance follows the reason (decision 441).
  accountClosedPayOut: none,
  accountClosedHold: none,
  // An operator answered or resolved a support ticket (docs/support.md).
  supportReplied: none,
  supportResolved: none,
  depositSucceeded: z.object({ orderId: z.string(), amountMinor: amount }),
  depositFailed: z.object({ orderId: z.string(), amountMinor: amount }),
  depositExpired: z.object({ orderId: z.string(), amountMinor: amount }),
  withdrawalApproved: z.object({ withdrawalId: z.string(), amountMinor: amount }),
  withdrawalPaid: z.object({ withdrawalId: z.string(), amountMinor: amount }),
  withdrawalPaidAfterFee: z.object({ withdrawalId: z.string(), amountMinor: amount, feeMinor: amount }),
  withdrawalRejected: z.object({ withdrawalId: z.string(), amountMinor: amount, reason }),
  withdrawalFailed: z.object({ withdrawalId: z.string(), amountMinor: amount, reason }),
  withdrawalReturned: z.object({ withdrawalId: z.string(), amountMinor: amount, reason }),
  kycVerified: none,
  kycRejected: z.object({ reason }),
  // A message written before keys existed (migration 035) whose text matched no key: shown as
  // stored, in the language it was written in (English).
  text: z.object({ title: z.string(), body: z.string() }),
} as const;

type ParamSchemas = typeof INBOX_MESSAGE_PARAMS;

/** Every inbox message key. */
export type InboxMessageKey = keyof ParamSchemas;
export const INBOX_MESSAGE_KEYS = Object.keys(INBOX_MESSAGE_PARAMS) as InboxMessageKey[];

/** One message: its key and exactly that key's parameters. */
export type InboxMessage = { [K in InboxMessageKey]: { key: K; params: z.infer<ParamSchemas[K]> } }[InboxMessageKey];

/** Builds a typed message (`inboxMessage('depositFailed', { orderId, amountMinor })`). */
export function inboxMessage<K extends InboxMessageKey>(key: K, params: z.infer<ParamSchemas[K]>): InboxMessage {
  return { key, params } as InboxMessage;
}

const variants = INBOX_MESSAGE_KEYS.map((key) => z.object({ key: z.literal(key), params: INBOX_MESSAGE_PARAMS[key] }));

export const InboxMessageSchema = z
  .discriminatedUnion('key', variants as unknown as [(typeof variants)[number], ...(typeof variants)[number][]])
  .meta({ id: 'InboxMessage' });
