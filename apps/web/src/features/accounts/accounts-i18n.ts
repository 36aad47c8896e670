import { defineArea } from '../../lib/i18n-areas';
import { enAccounts } from '../../lib/messages/en-accounts';

/**
 * The account screens' strings (login, register, forgot password, account page, avatar,
 * messages), loaded with those screens, not with `/` (decision 482). Every module of the feature
 * that shows one imports this file for its effect.
 */
type EnAccounts = typeof enAccounts;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnAccounts {}
}

defineArea('accounts', enAccounts, { hi: () => import('../../lib/messages/hi/accounts').then((m) => m.hiAccounts) });
