import type { Translation } from '../../i18n';
import type { enAccountMenu } from '../en-account-menu';

/** The account page's menu and help in Hindi: loaded with the account page, only in Hindi. */
export const hiAccountMenu: Translation<typeof enAccountMenu> = {
  'accountMenu.statistics': 'आँकड़े: दांव और परिणाम',
  'accountMenu.money': 'पैसे',
  'accountMenu.settings': 'सेटिंग्स',
  'accountMenu.help': 'मदद',
  'accountMenu.contact': 'सपोर्ट से संपर्क करें',
  'accountMenu.betHistory': 'बेट हिस्ट्री',
  'accountMenu.withdrawHistory': 'निकासी हिस्ट्री',
  'accountMenu.howToPlay': 'Win Go कैसे खेलें',
  'accountMenu.fairness': 'जाँचें कि राउंड निष्पक्ष है',
  'accountMenu.password.title': 'पासवर्ड बदलें',
  'accountMenu.password.intro': 'आप यहाँ साइन इन रहेंगे। आपके खाते में साइन इन हर दूसरा फ़ोन या ब्राउज़र साइन आउट हो जाएगा।',
  'accountMenu.password.current': 'मौजूदा पासवर्ड',
  'accountMenu.password.new': 'नया पासवर्ड',
  'accountMenu.password.submit': 'पासवर्ड बदलें',
  'accountMenu.password.submitting': 'बदला जा रहा है…',
  'accountMenu.password.done': 'आपका पासवर्ड बदल दिया गया है। दूसरे डिवाइस साइन आउट कर दिए गए हैं।',
  'accountMenu.q.recharge': 'पैसे कैसे जोड़ें?',
  'accountMenu.a.recharge': 'वॉलेट खोलें, रिचार्ज चुनें, रकम चुनें और UPI या USDT से भुगतान करें। भुगतान की पुष्टि होते ही पैसे आपके बैलेंस में आ जाते हैं।',
  'accountMenu.q.withdraw': 'निकासी कैसे करें?',
  'accountMenu.a.withdraw': 'वॉलेट खोलें, निकासी चुनें और अपना बैंक खाता या UPI ID जोड़ें। पहली बार हम आपकी पहचान (PAN कार्ड) जाँचते हैं। पेज बताता है कि अभी कितना निकाला जा सकता है।',
  'accountMenu.q.fair': 'क्या कोई नतीजा चुन सकता है?',
  'accountMenu.a.fair': 'नहीं। हर Win Go नतीजा राउंड से पहले प्रकाशित चेन और बेटिंग बंद होने के बाद एक सार्वजनिक रैंडम बीकन से तय होता है। बेट हिस्ट्री से कोई भी राउंड आपके ब्राउज़र में जाँचा जा सकता है।',
  'accountMenu.q.limits': 'लिमिट कैसे लगाएँ या ब्रेक कैसे लें?',
  'accountMenu.a.limits': 'सुरक्षित गेमिंग में डिपॉज़िट, नुकसान और बेट की लिमिट, 24 घंटे से 6 हफ़्ते तक का ब्रेक, और सेल्फ़-एक्सक्लूज़न है।',
};
