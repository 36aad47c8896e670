import { registerMessages } from '../../lib/i18n-lazy';
import { enSafety } from '../../lib/messages/en-safety';

/**
 * The safety screens' strings join the app's dictionary when one of those modules loads, never
 * with `/` (decisions 160 and 172). Every module here that shows a text imports this file.
 */
type EnSafety = typeof enSafety;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface LazyMessages extends EnSafety {}
}

registerMessages(enSafety);
