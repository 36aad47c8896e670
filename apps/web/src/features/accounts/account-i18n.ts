import { defineArea } from '../../lib/i18n-areas';
import { enAccountMenu } from '../../lib/messages/en-account-menu';

/** The account page's menu and help strings, loaded with that page (decision 220). */
type EnAccountMenu = typeof enAccountMenu;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnAccountMenu {}
}

defineArea('accountMenu', enAccountMenu, { hi: () => import('../../lib/messages/hi/account-menu').then((m) => m.hiAccountMenu) });
