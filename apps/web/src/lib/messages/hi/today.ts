import type { Translation } from '../../i18n';
import type { enToday } from '../en-today';

/** Home's figures of the day in Hindi (decision 518). */
export const hiToday: Translation<typeof enToday> = {
  'today.title': 'आज Colorplay पर',
  'today.rounds': { one: '{n} राउंड का नतीजा निकला', other: '{n} राउंड के नतीजे निकले' },
  'today.bets': { one: '{n} बेट का हिसाब हुआ', other: '{n} बेट का हिसाब हुआ' },
  'today.paid': '{amount} का भुगतान हुआ',
  'today.note': 'सभी खिलाड़ी मिलाकर, Win Go, K3, 5D और Trx Win में, आधी रात (IST) से।',
};
