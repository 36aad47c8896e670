import { defineArea } from '../../lib/i18n-areas';
import { enToday } from '../../lib/messages/en-today';

/** The figures' strings, loaded with their chunk, not with `/` (decision 518). */
type EnToday = typeof enToday;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnToday {}
}

defineArea('today', enToday, { hi: () => import('../../lib/messages/hi/today').then((m) => m.hiToday) });
