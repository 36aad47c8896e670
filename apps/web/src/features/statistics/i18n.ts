import { defineArea } from '../../lib/i18n-areas';
import { enStatistics } from '../../lib/messages/en-statistics';

/** The statistics page's strings (decision 220): loaded with the page, never with `/`. */
type EnStatistics = typeof enStatistics;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnStatistics {}
}

defineArea('statistics', enStatistics, { hi: () => import('../../lib/messages/hi/statistics').then((m) => m.hiStatistics) });
