import { defineArea } from '../../lib/i18n-areas';
import { enInvites } from '../../lib/messages/en-invites';

/** The invite card's strings, loaded with its chunk, never with `/`. */
type EnInvites = typeof enInvites;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnInvites {}
}

defineArea('invites', enInvites, { hi: () => import('../../lib/messages/hi/invites').then((m) => m.hiInvites) });
