import { defineArea } from '../../lib/i18n-areas';
import { enLobby } from '../../lib/messages/en-lobby';

/**
 * The lobby's and the launcher's strings, loaded with the lobby's chunks (home's games, All
 * Games, the vendor lists), not with `/` (decision 482). Every lobby module that shows one imports
 * this file for its effect; the category names of home's shortcuts stay in the core dictionary.
 */
type EnLobby = typeof enLobby;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnLobby {}
}

defineArea('lobby', enLobby, { hi: () => import('../../lib/messages/hi/lobby').then((m) => m.hiLobby) });
