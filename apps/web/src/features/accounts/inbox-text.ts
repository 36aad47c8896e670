import type { InboxMessage, InboxMessageKey } from '@colorplay/contract';
import { formatMoneyMinor } from '../../lib/format';
import type { Translate } from '../../lib/i18n';
import './inbox-i18n';

/** A server message as the player reads it now. */
export interface InboxText {
  title: string;
  body: string;
}

type ParamsOf<K extends InboxMessageKey> = Extract<InboxMessage, { key: K }>['params'];

/** " Reason: …" after a body when the operator or the gateway gave one. */
const because = (t: Translate, reason: string | null) => (reason ? ` ${t('inbox.reason', { reason })}` : '');

/**
 * How each key of the contract becomes words (decision 457): a mapped type, so a key added to
 * INBOX_MESSAGE_PARAMS fails typecheck here until it has its texts, and each text's placeholders
 * are checked against the English. Amounts go through the app's one money format.
 */
const RENDER: { [K in InboxMessageKey]: (t: Translate, p: ParamsOf<K>) => InboxText } = {
  welcome: (t) => ({ title: t('inbox.welcome.title'), body: t('inbox.welcome.body') }),
  welcomeDemo: (t) => ({ title: t('inbox.welcomeDemo.title'), body: t('inbox.welcomeDemo.body') }),
  passwordChanged: (t) => ({ title: t('inbox.passwordChanged.title'), body: t('inbox.passwordChanged.body') }),
  passwordReset: (t) => ({ title: t('inbox.passwordReset.title'), body: t('inbox.passwordReset.body') }),
  accountSuspended: (t) => ({ title: t('inbox.accountSuspended.title'), body: t('inbox.accountSuspended.body') }),
  suspensionLifted: (t) => ({ title: t('inbox.suspensionLifted.title'), body: t('inbox.suspensionLifted.body') }),
  accountClosedPayOut: (t) => ({ title: t('inbox.accountClosedPayOut.title'), body: t('inbox.accountClosedPayOut.body') }),
  accountClosedHold: (t) => ({ title: t('inbox.accountClosedHold.title'), body: t('inbox.accountClosedHold.body') }),
  supportReplied: (t) => ({ title: t('inbox.supportReplied.title'), body: t('inbox.supportReplied.body') }),
  supportResolved: (t) => ({ title: t('inbox.supportResolved.title'), body: t('inbox.supportResolved.body') }),
  depositSucceeded: (t, p) => ({
    title: t('inbox.depositSucceeded.title'),
    body: t('inbox.depositSucceeded.body', { amount: formatMoneyMinor(p.amountMinor), orderId: p.orderId }),
  }),
  depositFailed: (t, p) => ({
    title: t('inbox.depositFailed.title'),
    body: t('inbox.depositFailed.body', { amount: formatMoneyMinor(p.amountMinor), orderId: p.orderId }),
  }),
  depositExpired: (t, p) => ({
    title: t('inbox.depositExpired.title'),
    body: t('inbox.depositExpired.body', { amount: formatMoneyMinor(p.amountMinor), orderId: p.orderId }),
  }),
  withdrawalApproved: (t, p) => ({
    title: t('inbox.withdrawalApproved.title'),
    body: t('inbox.withdrawalApproved.body', { amount: formatMoneyMinor(p.amountMinor), withdrawalId: p.withdrawalId }),
  }),
  withdrawalPaid: (t, p) => ({
    title: t('inbox.withdrawalPaid.title'),
    body: t('inbox.withdrawalPaid.body', { amount: formatMoneyMinor(p.amountMinor), withdrawalId: p.withdrawalId }),
  }),
  withdrawalPaidAfterFee: (t, p) => ({
    title: t('inbox.withdrawalPaidAfterFee.title'),
    body: t('inbox.withdrawalPaidAfterFee.body', {
      sent: formatMoneyMinor(p.amountMinor - p.feeMinor),
      amount: formatMoneyMinor(p.amountMinor),
      fee: formatMoneyMinor(p.feeMinor),
      withdrawalId: p.withdrawalId,
    }),
  }),
  withdrawalRejected: (t, p) => ({
    title: t('inbox.withdrawalRejected.title'),
    body: t('inbox.withdrawalRejected.body', { amount: formatMoneyMinor(p.amountMinor), withdrawalId: p.withdrawalId }) + because(t, p.reason),
  }),
  withdrawalFailed: (t, p) => ({
    title: t('inbox.withdrawalFailed.title'),
    body: t('inbox.withdrawalFailed.body', { amount: formatMoneyMinor(p.amountMinor), withdrawalId: p.withdrawalId }) + because(t, p.reason),
  }),
  withdrawalReturned: (t, p) => ({
    title: t('inbox.withdrawalReturned.title'),
    body: t('inbox.withdrawalReturned.body', { amount: formatMoneyMinor(p.amountMinor), withdrawalId: p.withdrawalId }) + because(t, p.reason),
  }),
  kycVerified: (t) => ({ title: t('inbox.kycVerified.title'), body: t('inbox.kycVerified.body') }),
  kycRejected: (t, p) => ({ title: t('inbox.kycRejected.title'), body: t('inbox.kycRejected.body') + because(t, p.reason) }),
  // Stored before keys existed and matched none (migration 035): shown as written.
  text: (_t, p) => ({ title: p.title, body: p.body }),
};

/** Renders a server message in the current locale. */
export function inboxText(t: Translate, message: InboxMessage): InboxText {
  const render = RENDER[message.key] as (t: Translate, p: InboxMessage['params']) => InboxText;
  return render(t, message.params);
}
