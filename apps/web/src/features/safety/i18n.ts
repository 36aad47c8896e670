import '../../lib/limit-errors';
import { defineArea } from '../../lib/i18n-areas';
import { enSafety } from '../../lib/messages/en-safety';

/**
 * The safety screens' strings (decision 220): English joins the dictionary when one of these
 * modules loads, never with `/`; Hindi is a chunk of its own. Every module here that shows a
 * text imports this file.
 */
type EnSafety = typeof enSafety;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnSafety {}
}

defineArea('safety', enSafety, { hi: () => import('../../lib/messages/hi/safety').then((m) => m.hiSafety) });
