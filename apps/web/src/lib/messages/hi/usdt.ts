import type { Translation } from '../../i18n';
import type { enUsdt } from '../en-usdt';

/** The USDT recharge in Hindi (loaded with the wallet screens). */
export const hiUsdt: Translation<typeof enUsdt> = {
  'usdt.rechargeNote': 'आप USDT में पेमेंट करते हैं। ऑर्डर बनाते समय के रेट पर USDT की रकम तय हो जाती है।',

  'usdt.title': 'USDT पेमेंट',
  'usdt.send': 'ठीक इतना भेजें',
  'usdt.amountWhat': 'रकम',
  'usdt.credit': 'आपके वॉलेट में {amount} आएँगे',
  'usdt.rate': 'रेट: 1 USDT = {rate}',
  'usdt.network': 'सिर्फ़ {network} पर USDT भेजें।',
  'usdt.networkDetail': 'किसी दूसरे नेटवर्क पर भेजा गया USDT, या कोई दूसरा टोकन, आपके वॉलेट तक नहीं पहुँचता।',
  'usdt.address': 'डिपॉज़िट पता',
  'usdt.addressWhat': 'पता',
  'usdt.token': 'USDT टोकन कॉन्ट्रैक्ट',
  'usdt.order': 'ऑर्डर नंबर',
  'usdt.qr': 'डिपॉज़िट पते {address} का QR कोड',
  'usdt.scan': 'अपने वॉलेट ऐप से स्कैन करें, या पता कॉपी करें।',
  'usdt.expiresIn': 'भेजने के लिए बचा समय',
  'usdt.expired': 'समय खत्म। अब इस पते पर न भेजें: देर से आया ट्रांसफ़र मैन्युअल जाँच में जाता है।',

  'usdt.status.waiting': 'आपके ट्रांसफ़र का इंतज़ार है।',
  'usdt.status.seen': 'ट्रांसफ़र दिखा: {required} में से {confirmations} पुष्टियाँ।',
  'usdt.status.sent': 'ट्रांसफ़र भेज दिया। नेटवर्क पर दिखने का इंतज़ार है।',
  'usdt.confirmations': '{required} में से {confirmations} पुष्टियाँ',
  'usdt.confirmationsLabel': 'पुष्टियाँ',
  'usdt.ordered': 'ऑर्डर',
  'usdt.tx': 'ट्रांज़ैक्शन',
  'usdt.status.succeeded': 'रिचार्ज सफल: {amount} आपके वॉलेट में जुड़ गए।',
  'usdt.status.expired': 'ट्रांसफ़र आने से पहले यह ऑर्डर एक्सपायर हो गया।',
  'usdt.status.review': 'जमा करने से पहले हमारी टीम इस ट्रांसफ़र को खुद जाँचती है। दोबारा भेजने की ज़रूरत नहीं।',
  'usdt.review.late_payment': 'ऑर्डर एक्सपायर होने के बाद ट्रांसफ़र आया।',
  'usdt.review.second_payment': 'इस पते पर दूसरा ट्रांसफ़र आया।',
  'usdt.review.paid_after_cancel': 'ऑर्डर रद्द होने के बाद ट्रांसफ़र आया।',
  'usdt.review.amount_too_small': 'ट्रांसफ़र की कीमत एक पैसे से कम है।',
  'usdt.status.cancelled': 'यह ऑर्डर रद्द कर दिया गया।',
  'usdt.underpaid': 'ऑर्डर से कम रकम आई ({received} USDT): जितना आया उतना आपके वॉलेट में जमा होगा।',
  'usdt.overpaid': 'ऑर्डर से ज़्यादा रकम आई ({received} USDT): जितना आया उतना आपके वॉलेट में जमा होगा।',

  'usdt.chip.waiting': 'इंतज़ार',
  'usdt.chip.seen': 'पुष्टि जारी',
  'usdt.chip.succeeded': 'सफल',
  'usdt.chip.expired': 'एक्सपायर',
  'usdt.chip.review': 'जाँच जारी',
  'usdt.chip.cancelled': 'रद्द',

  'usdt.cancelText': 'रद्द तभी करें जब आपने USDT न भेजा हो। बाद में आया ट्रांसफ़र मैन्युअल जाँच में जाता है।',

  'usdt.history.amount': 'USDT रकम',

  'usdt.faucet.title': 'सैंडबॉक्स: टेस्ट USDT भेजें',
  'usdt.faucet.text': 'ऊपर दी रकम एक लोकल टेस्ट चेन से भेजता है: इन टोकन की कोई कीमत नहीं और कोई असली पैसा नहीं लगता।',
  'usdt.faucet.send': 'टेस्ट USDT भेजें',
  'usdt.faucet.sending': 'भेजा जा रहा है…',
  'usdt.faucet.sent': 'टेस्ट USDT भेज दिया। पुष्टियाँ आती देखें।',
  'usdt.review.overpaid': 'ऑर्डर से ज़्यादा रकम आई है।',
};
