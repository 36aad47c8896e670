/** Inbox messages about the account itself (texts as they were when auth wrote them). */

export const WELCOME_MESSAGE = {
  title: 'Welcome to Colorplay',
  body: 'Your account is ready. Play for fun, set limits that suit you, and never bet more than you can afford to lose.',
} as const;

/** After a change while signed in (decision 404): the owner learns of it on every device. */
export const PASSWORD_CHANGED_MESSAGE = {
  title: 'Password changed',
  body: 'Your password was changed and every other device was logged out. If this was not you, reset your password and contact support at once.',
} as const;

export const PASSWORD_RESET_MESSAGE = {
  title: 'Password changed',
  body: 'Your password was reset and every device was logged out. If this was not you, contact support at once.',
} as const;

/** An operator suspended the account (decision 420), or lifted the suspension. */
export const ACCOUNT_SUSPENDED_MESSAGE = {
  title: 'Account suspended',
  body: 'Your account is suspended: deposits, bets and games are closed for now. You can still sign in, see your history and withdraw your balance. Contact support to learn more.',
} as const;

/** An operator closed the account (decision 440): what happens to the balance depends on the reason (decision 441). */
export const ACCOUNT_CLOSED_PAY_OUT_MESSAGE = {
  title: 'Account closed',
  body: 'Your account is closed: deposits, bets and games are no longer available. Your balance is still yours: sign in and withdraw it to your payout method. Your history stays available.',
} as const;

export const ACCOUNT_CLOSED_HOLD_MESSAGE = {
  title: 'Account closed',
  body: 'Your account is closed: deposits, bets and games are no longer available. Your balance is held while the closure is reviewed, and cannot be withdrawn for now. Contact support to learn more.',
} as const;

export const SUSPENSION_LIFTED_MESSAGE = {
  title: 'Account open again',
  body: 'The suspension of your account was lifted. Deposits, bets and games are open again.',
} as const;
