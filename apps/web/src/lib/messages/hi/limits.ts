import type { Translation } from '../../i18n';
import type { enLimits } from '../en-limits';

/** Limit refusals in Hindi: loaded with the screens that can meet them, only for players who chose Hindi. */
export const hiLimits: Translation<typeof enLimits> = {
  'apiError.depositLimit': 'यह आपकी डिपॉज़िट लिमिट से ज़्यादा है। अभी आप {remaining} और जमा कर सकते हैं।',
  'apiError.stakeLimit': 'यह आपकी बेट लिमिट से ज़्यादा है। अभी आप {remaining} और बेट लगा सकते हैं।',
  'apiError.lossLimit': 'इससे आप अपनी नुकसान लिमिट पार कर सकते हैं। अभी आप {remaining} और बेट लगा सकते हैं।',
  'apiError.depositLimitRequired': 'पहले डिपॉज़िट से पहले डिपॉज़िट लिमिट सेट करें।',
};
