import type { Translation } from '../../i18n';
import type { enPwa } from '../en-pwa';

export const hiPwa: Translation<typeof enPwa> = {
  'pwa.offline': 'आप ऑफ़लाइन हैं। ऐप खुलता है, लेकिन बैलेंस, बेट और पेमेंट के लिए इंटरनेट चाहिए।',
  'pwa.update': 'Colorplay का नया वर्ज़न तैयार है। अगली बार ऐप खोलने पर यह खुलेगा।',
  'pwa.reload': 'अभी रीलोड करें',
  'pwa.install.label': 'ऐप इंस्टॉल करें',
  'pwa.install.text': 'Colorplay को होम स्क्रीन पर जोड़ें: ऐप की तरह एक टैप में खुलेगा।',
  'pwa.install.accept': 'इंस्टॉल करें',
  'pwa.install.later': 'अभी नहीं',
};
