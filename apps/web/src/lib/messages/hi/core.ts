import type { Translation } from '../../i18n';
import type { en } from '../en';

/**
 * Hindi for the shell (the texts of `en`): loaded as a chunk of its own only when a player picks
 * Hindi. Written for players, with the loanwords they use (रिचार्ज, वॉलेट, बैलेंस, गेम).
 */
export const hiCore: Translation<typeof en> = {
  'brand.name': 'Colorplay',
  'brand.logo': 'Colorplay का लोगो',

  'common.loading': 'लोड हो रहा है…',
  'common.pleaseWait': 'कृपया प्रतीक्षा करें',
  'common.back': 'वापस',
  'page.windowTitle': '{page} · Colorplay',

  'demo.banner': 'डेमो: असली पैसा नहीं',

  'language.label': 'भाषा',
  'language.choose': 'अपनी भाषा चुनें',
  'language.chooseOther': 'Choose your language',

  'splash.tagline': 'तेज़, सुरक्षित और भरोसेमंद निकासी।',

  'announcement.label': 'सूचना',
  'announcement.dismiss': 'सूचना को पढ़ा हुआ मार्क करें',

  'nav.label': 'मुख्य',
  'nav.home': 'होम',
  'nav.activity': 'गतिविधि',
  'nav.wallet': 'वॉलेट',
  'nav.account': 'अकाउंट',

  'home.promotions': 'ऑफ़र',
  'home.welcomeLabel': 'स्वागत है',
  'home.welcome': 'खेलने के लिए लॉग इन करें या रजिस्टर करें।',
  'home.login': 'लॉग इन',
  'home.register': 'रजिस्टर',
  'home.balance': 'बैलेंस',
  'home.recharge': 'रिचार्ज',
  'home.playWingo': 'Win Go खेलें',
  'home.playLine': 'हर नतीजा जाँचा जा सकता है।',
  'home.categories': 'गेम की श्रेणियाँ',
  'home.notice': 'हम कभी परिणाम नहीं बताते और निकासी खोलने के लिए कभी जमा नहीं माँगते। सपोर्ट सिर्फ़ अकाउंट › मदद में है।',

  'promo.wingo.title': 'जाँचने योग्य निष्पक्ष Wingo',
  'promo.wingo.text': 'हर नतीजा आप अपने ब्राउज़र में खुद जाँच सकते हैं।',
  'promo.upi.title': 'तुरंत UPI रिचार्ज',
  'promo.upi.text': 'कुछ ही सेकंड में वॉलेट में पैसे जोड़ें।',
  'promo.responsible.title': 'ज़िम्मेदारी से खेलें, केवल 18+',
  'promo.responsible.text': 'सीमा तय करें और जब चाहें ब्रेक लें।',

  'lobby.popular': 'लोकप्रिय',
  'lobby.lottery': 'लॉटरी',
  'lobby.casino': 'कैसीनो',
  'lobby.slots': 'स्लॉट',
  'lobby.sports': 'स्पोर्ट्स',
  'lobby.rummy': 'रमी',
  'lobby.fishing': 'फ़िशिंग',
  'lobby.original': 'ओरिजिनल',

  'carousel.slide': 'स्लाइड {n}',
  'carousel.slideOf': '{total} में से {n}',
  'carousel.pause': 'स्लाइडशो रोकें',
  'carousel.play': 'स्लाइडशो चलाएँ',
  'carousel.slides': 'स्लाइड चुनें',
  'carousel.role': 'कैरोसेल',
  'carousel.slideRole': 'स्लाइड',

  'common.showPassword': 'पासवर्ड दिखाएँ',
  'common.hidePassword': 'पासवर्ड छिपाएँ',
  'common.copy': '{what} कॉपी करें',
  'common.copied': 'कॉपी हो गया',
  'common.copyFailed': 'कॉपी नहीं हो सका। टेक्स्ट चुनकर खुद कॉपी करें।',
  'common.loadFailed': 'यह लोड नहीं हो सका। अपना कनेक्शन जाँचें और फिर कोशिश करें।',

  'dialog.cancel': 'रद्द करें',
  'dialog.confirm': 'पुष्टि करें',

  'page.allGames.title': 'सभी',
  'page.allOnlineGames.title': 'सभी ऑनलाइन गेम',
  'page.allCasinoGames.title': 'कैसीनो गेम',

  'wingo.voice': 'आवाज़',

  'notFound.title': 'पेज नहीं मिला',
  'notFound.text': 'इस पते पर कोई पेज नहीं है।',
  'notFound.home': 'होम पर जाएँ',

  'error.title': 'कुछ गड़बड़ हो गई',
  'error.text': 'यह पेज लोड नहीं हो सका। अपना कनेक्शन जाँचें और फिर कोशिश करें।',
  'error.retry': 'फिर कोशिश करें',









  'apiError.generic': 'कुछ गड़बड़ हो गई। कृपया फिर कोशिश करें।',
  'apiError.gameNotFound': 'यह गेम हमारी लॉबी में नहीं है।',
  'apiError.network': 'कनेक्शन नहीं है। अपना नेटवर्क जाँचें और फिर कोशिश करें।',
  'apiError.validation': 'कुछ जानकारी सही नहीं है। जाँचकर फिर कोशिश करें।',
  'apiError.session': 'आपका सेशन खत्म हो गया है। फिर से लॉग इन करें।',
  'apiError.forbidden': 'आपको यह करने की अनुमति नहीं है।',
  'apiError.notFound': 'यह नहीं मिला।',
  'apiError.conflict': 'इस बीच यह बदल गया। रीलोड करके फिर कोशिश करें।',
  'apiError.rateLimited': 'बहुत ज़्यादा कोशिशें। थोड़ा रुककर फिर कोशिश करें।',
  'apiError.rateLimitedFor': 'बहुत ज़्यादा कोशिशें। {minutes} मिनट बाद फिर कोशिश करें।',
  'apiError.unavailable': 'सेवा अभी व्यस्त है। थोड़ी देर में फिर कोशिश करें।',
  'apiError.amount': 'यह रकम रिचार्ज की सीमा से बाहर है।',
  'apiError.channel': 'यह पेमेंट चैनल अभी उपलब्ध नहीं है।',
  'apiError.depositNotFound': 'आपके अकाउंट में ऐसा कोई रिचार्ज ऑर्डर नहीं है।',
  'apiError.depositState': 'इस बीच यह ऑर्डर बदल गया है; इसकी मौजूदा स्थिति दिखाई गई है।',
  'apiError.utrUsed': 'यह UTR किसी दूसरे रिचार्ज में इस्तेमाल हो चुका है। अपने UPI ऐप में नंबर जाँचें।',
  'apiError.credentials': 'मोबाइल नंबर या पासवर्ड सही नहीं है।',
  'apiError.currentPassword': 'यह आपका मौजूदा पासवर्ड नहीं है।',
  'apiError.phoneTaken': 'इस नंबर पर पहले से अकाउंट है। लॉग इन करें।',
  'apiError.otpInvalid': 'यह कोड सही नहीं है। SMS जाँचकर फिर कोशिश करें।',
  'apiError.otpExpired': 'यह कोड एक्सपायर हो गया है। नया कोड मँगाएँ।',
  'apiError.otpAttempts': 'बहुत सारे गलत कोड। नया कोड मँगाएँ।',
  'apiError.smsUnavailable': 'अभी SMS नहीं भेजा जा सका। एक मिनट बाद फिर कोशिश करें।',
  'apiError.origin': 'यह अनुरोध किसी अनजान पेज से आया है। ऐप रीलोड करके फिर कोशिश करें।',
  'apiError.insufficientFunds': 'इसके लिए आपका बैलेंस कम है।',
  'apiError.idempotency': 'भेजते समय यह अनुरोध बदल गया। फिर कोशिश करें।',


  'apiError.limitReached': 'यह आपकी सेट की हुई लिमिट से ज़्यादा है।',
  'apiError.onBreak': 'आप ब्रेक पर हैं: ब्रेक खत्म होने तक बेट, डिपॉज़िट और गेम बंद हैं। निकासी और आपकी हिस्ट्री खुली है।',
  'apiError.selfExcluded': 'आपका अकाउंट सेल्फ़-एक्सक्लूडेड है: बेट, डिपॉज़िट और गेम बंद हैं। निकासी और आपकी हिस्ट्री खुली है।',
  'apiError.suspended': 'आपका अकाउंट निलंबित है: डिपॉज़िट, बेट और गेम बंद हैं। आप अब भी निकासी कर सकते हैं और अपनी हिस्ट्री देख सकते हैं; सपोर्ट से संपर्क करें।',
  'apiError.closed': 'आपका अकाउंट बंद है। आप अब भी साइन इन करके अपनी हिस्ट्री देख सकते हैं; सपोर्ट से संपर्क करें।',
  'lobby.maintenance': 'गेम का रखरखाव चल रहा है',
};
