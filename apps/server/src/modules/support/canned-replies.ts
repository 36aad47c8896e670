import type { SupportCannedReply } from '@colorplay/contract';

/**
 * The console's canned replies, each in English and Hindi (decision 453): the console offers the
 * text in the player's language, and the operator may edit it before sending. Kept in code, not
 * in a table, so they are reviewed like any other text the player reads.
 */
export const CANNED_REPLIES: SupportCannedReply[] = [
  {
    id: 'looking_into_it',
    title: 'We are looking into it',
    en: 'Thank you for writing to us. We are looking into this now and will reply here as soon as we know more.',
    hi: 'हमें लिखने के लिए धन्यवाद। हम अभी इसकी जाँच कर रहे हैं और जानकारी मिलते ही यहीं जवाब देंगे।',
  },
  {
    id: 'withdrawal_processing',
    title: 'Withdrawal is being processed',
    en: 'Your withdrawal is being processed by the bank. Most payouts arrive within 24 hours; you can follow its status under Withdrawal history.',
    hi: 'आपकी निकासी बैंक द्वारा प्रोसेस की जा रही है। ज़्यादातर भुगतान 24 घंटे में पहुँच जाते हैं; आप निकासी इतिहास में इसकी स्थिति देख सकते हैं।',
  },
  {
    id: 'deposit_utr',
    title: 'Ask for the UTR',
    en: 'Please send us the 12-digit UTR number of your payment (you find it in your UPI app) so we can match it to your recharge.',
    hi: 'कृपया अपने भुगतान का 12 अंकों का UTR नंबर भेजें (यह आपके UPI ऐप में मिलता है) ताकि हम इसे आपके रिचार्ज से मिला सकें।',
  },
  {
    id: 'never_ask_deposit',
    title: 'We never ask for a deposit to unlock a withdrawal',
    en: 'Colorplay never asks for a deposit to unlock a withdrawal, and never predicts results. Anyone who does is not us: please do not pay them.',
    hi: 'Colorplay निकासी खोलने के लिए कभी जमा राशि नहीं माँगता, और कभी परिणाम की भविष्यवाणी नहीं करता। जो ऐसा करे वह हम नहीं हैं: कृपया उन्हें भुगतान न करें।',
  },
  {
    id: 'resolved',
    title: 'Solved',
    en: 'This should now be solved. If anything is still wrong, reply here and we will look again.',
    hi: 'यह अब हल हो जाना चाहिए। अगर अब भी कुछ गलत है, तो यहीं जवाब दें और हम फिर से देखेंगे।',
  },
];
