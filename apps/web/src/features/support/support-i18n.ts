import { defineArea } from '../../lib/i18n-areas';
import { enSupport } from '../../lib/messages/en-support';

/** The Help page's strings, loaded with that page (decision 220). */
type EnSupport = typeof enSupport;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnSupport {}
}

defineArea('support', enSupport, { hi: () => import('../../lib/messages/hi/support').then((m) => m.hiSupport) });
