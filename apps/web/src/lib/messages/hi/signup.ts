import type { Translation } from '../../i18n';
import type { enSignup } from '../en-signup';

/** Registering and resetting a password in Hindi: loaded with those pages, only for players who chose Hindi. */
export const hiSignup: Translation<typeof enSignup> = {
  'register.title': 'रजिस्टर करें',
  'register.code': 'SMS में आया कोड',
  'register.sendCode': 'कोड भेजें',
  'register.sending': 'भेजा जा रहा है…',
  'register.codeSent': 'हमने {phone} पर SMS भेजा है। उसमें दिया कोड {minutes} मिनट तक मान्य है।',
  'register.intro': 'अपना अकाउंट बनाएँ। केवल 18 साल या उससे ज़्यादा उम्र के खिलाड़ी खेल सकते हैं।',
  'register.age': 'मेरी उम्र 18 साल या उससे ज़्यादा है और मैं खेल के नियम स्वीकार करता/करती हूँ',
  'register.invite': 'इनवाइट कोड (वैकल्पिक)',
  'register.submit': 'अकाउंट बनाएँ',
  'register.submitting': 'अकाउंट बन रहा है…',
  'register.haveAccount': 'पहले से अकाउंट है?',
  'register.toLogin': 'लॉग इन करें',
  'rpwd.title': 'पासवर्ड भूल गए',
  'rpwd.intro': 'हम आपके मोबाइल नंबर पर 6 अंकों का कोड भेजेंगे।',
  'rpwd.sendCode': 'कोड भेजें',
  'rpwd.sending': 'भेजा जा रहा है…',
  'rpwd.codeSent': '{phone} पर कोड भेजा गया। यह {minutes} मिनट तक मान्य है।',
  'rpwd.code': '6 अंकों का कोड',
  'rpwd.resend': 'कोड दोबारा भेजें',
  'rpwd.resendIn': '{seconds} सेकंड में दोबारा भेजें',
  'rpwd.submit': 'नया पासवर्ड सेट करें',
  'rpwd.submitting': 'सेव हो रहा है…',
  'rpwd.done': 'आपका पासवर्ड बदल गया है। नए पासवर्ड से लॉग इन करें।',
  'rpwd.sandboxSms': '{phone} को सैंडबॉक्स SMS',
  'rpwd.backToLogin': 'लॉग इन पर वापस जाएँ',
};
