import type { Translation } from '../../i18n';
import type { enStatistics } from '../en-statistics';

/** Account › Statistics in Hindi (decision 459). */
export const hiStatistics: Translation<typeof enStatistics> = {
  'stats.title': 'आँकड़े',
  'stats.periods': 'अवधि',
  'stats.period.today': 'आज',
  'stats.period.yesterday': 'कल',
  'stats.period.last7Days': 'पिछले 7 दिन',
  'stats.period.last30Days': 'पिछले 30 दिन',
  'stats.net': 'शुद्ध परिणाम',
  'stats.netHelp': 'भुगतान में से लगाया गया घटाकर। शून्य से कम वह है जो आपने खोया।',
  'stats.bets': 'दांव',
  'stats.staked': 'लगाया गया',
  'stats.paidOut': 'भुगतान',
  'stats.byGame': 'गेम के अनुसार',
  'stats.game': 'गेम',
  'stats.none': 'इस अवधि में कोई दांव नहीं।',
  'stats.window': 'भारत का समय, {from} से {to}',
  'stats.game.wingo': 'विन गो',
  'stats.game.k3': 'K3',
  'stats.game.5d': '5D',
  'stats.game.trx': 'Trx विन',
  'stats.game.unknown': 'अन्य गेम',
};
