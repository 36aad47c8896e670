import type { Translation } from '../../i18n';
import type { enLaunchTransfer } from '../en-launch-transfer';

/** The transfer-mode Tips dialog in Hindi: loaded with that dialog, only for players who chose Hindi. */
export const hiLaunchTransfer: Translation<typeof enLaunchTransfer> = {
  'launchTransfer.message': 'खेलते समय {amount} आपके मुख्य वॉलेट से {vendor} के वॉलेट में जाएंगे। बची रकम कभी भी वॉलेट पेज पर “मुख्य वॉलेट में ट्रांसफ़र करें” से वापस लाएं।',
  'launchTransfer.empty': 'आपका मुख्य वॉलेट खाली है, इसलिए {vendor} के वॉलेट में कुछ नहीं जाएगा। पैसे से खेलने के लिए पहले रिचार्ज करें।',
  'launchTransfer.amount': 'ट्रांसफ़र की रकम (₹)',
  'launchTransfer.hint': '{min} से {max} तक, आपके मुख्य वॉलेट का बैलेंस।',
  'launchTransfer.invalid': 'रुपयों में रकम डालें, जैसे 250 या 250.50।',
  'launchTransfer.belowMin': 'कम से कम {min} ट्रांसफ़र करें।',
  'launchTransfer.aboveMax': 'आपके मुख्य वॉलेट में {max} हैं: इससे ज़्यादा नहीं।',
};
