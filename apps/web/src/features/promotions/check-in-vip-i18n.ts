import { defineArea } from '../../lib/i18n-areas';
import { enCheckInVip } from '../../lib/messages/en-check-in-vip';

/** The check-in card's and the VIP page's strings (decision 220): loaded with them, never with `/`. */
type EnCheckInVip = typeof enCheckInVip;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnCheckInVip {}
}

defineArea('check-in-vip', enCheckInVip, { hi: () => import('../../lib/messages/hi/check-in-vip').then((m) => m.hiCheckInVip) });
