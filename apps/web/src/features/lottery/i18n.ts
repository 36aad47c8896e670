import '../../lib/limit-errors';
import { defineArea } from '../../lib/i18n-areas';
import { enWingo } from '../../lib/messages/en-wingo';

/**
 * Wingo's strings (lib/messages/en-wingo.ts) load with the lottery chunks, never with `/`
 * (decisions 120, 220). Every Wingo module that shows one imports this file for its effect; the
 * keys are ordinary `t()` keys by declaration merging.
 */
type EnWingo = typeof enWingo;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnWingo {}
}

defineArea('wingo', enWingo, { hi: () => import('../../lib/messages/hi/wingo').then((m) => m.hiWingo) });
