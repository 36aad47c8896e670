import { defineArea } from '../../lib/i18n-areas';
import { enInbox } from '../../lib/messages/en-inbox';

/** The inbox's server messages, loaded with the messages page (decisions 220, 457). */
type EnInbox = typeof enInbox;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnInbox {}
}

defineArea('inbox', enInbox, { hi: () => import('../../lib/messages/hi/inbox').then((m) => m.hiInbox) });
