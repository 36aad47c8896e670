import { defineArea } from './i18n-areas';
import { enWithdraw } from './messages/en-withdraw';

/**
 * The withdrawal and KYC strings (lib/messages/en-withdraw.ts) load with these screens, never with
 * `/` (decisions 160, 220). Every module of these screens imports this file for its effect; the
 * wallet page does too, for its Withdraw links (in lib because no feature imports another, decision 290).
 */
type EnWithdraw = typeof enWithdraw;

declare module './i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnWithdraw {}
}

defineArea('withdraw', enWithdraw, { hi: () => import('./messages/hi/withdraw').then((m) => m.hiWithdraw) });
