import { defineArea } from '../../lib/i18n-areas';
import { enActivity } from '../../lib/messages/en-activity';

/** The Activity tab's strings, loaded with that page (decision 220). */
type EnActivity = typeof enActivity;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnActivity {}
}

defineArea('activity', enActivity, { hi: () => import('../../lib/messages/hi/activity').then((m) => m.hiActivity) });
