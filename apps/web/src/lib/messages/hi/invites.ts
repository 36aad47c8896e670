import type { Translation } from '../../i18n';
import type { enInvites } from '../en-invites';

/** Invite a friend's card in Hindi (docs/promotions.md, "Invite a friend"). */
export const hiInvites: Translation<typeof enInvites> = {
  'invites.title': 'दोस्त को बुलाएँ',
  'invites.code': 'आपका इनवाइट कोड',
  'invites.codeWhat': 'इनवाइट कोड',
  'invites.link': 'आपका इनवाइट लिंक',
  'invites.linkWhat': 'इनवाइट लिंक',
  'invites.share': 'लिंक शेयर करें',
  'invites.shareText': 'मेरे इनवाइट कोड {code} के साथ Colorplay पर जुड़ें',
  'invites.terms':
    'हर उस दोस्त के लिए जो आपके कोड से रजिस्टर करे, KYC पूरा करे और {minPlay} का दांव लगाए (एक-दूसरे को काटने वाले दांव नहीं गिने जाते), आपको {reward} का बोनस मिलता है ({days} दिनों में {multiple}× दांव लगाना होगा)। आपके दोस्त की जमा या हार से कुछ तय नहीं होता।',
  'invites.capTerms': { one: 'किसी भी {days} दिनों में ज़्यादा से ज़्यादा {n} इनाम: अब तक {used}।', other: 'किसी भी {days} दिनों में ज़्यादा से ज़्यादा {n} इनाम: अब तक {used}।' },
  'invites.offerRules':
    'इनाम तभी मिलता है जब आपको ऑफ़र मिल सकते हों: मार्केटिंग सहमति दी हो, ब्रेक या सेल्फ़-एक्सक्लूज़न न हो, और पिछले 30 दिनों में कोई सीमा न छुई हो। एक समय में एक बोनस: मौजूदा बोनस खत्म होने तक इनाम रुका रहता है। एक ही व्यक्ति के खातों को कुछ नहीं मिलता।',
  'invites.counts': 'जुड़े: {joined} · योग्य: {qualified} · इनाम मिला: {rewarded}',
  'invites.friends': 'आपके दोस्त',
  'invites.none': 'अभी तक कोई दोस्त आपके कोड से नहीं जुड़ा है।',
  'invites.col.friend': 'दोस्त',
  'invites.col.joined': 'जुड़े',
  'invites.col.step': 'चरण',
  'invites.col.status': 'स्थिति',
  'invites.friendName': '{nickname} (फ़ोन के आखिरी अंक {ending})',
  'invites.step.joined': 'जुड़े',
  'invites.step.kyc_passed': 'KYC पूरा',
  'invites.step.played': 'खेला',
  'invites.step.rewarded': 'इनाम मिला',
  'invites.outcome.pending': 'जारी है',
  'invites.outcome.rewarded': 'बोनस दिया गया',
  'invites.outcome.missed': 'छूट गया',
  'invites.outcome.refused': 'योग्य नहीं',
  'invites.reason.no_marketing_consent': 'मार्केटिंग सहमति बंद थी',
  'invites.reason.on_break': 'आप ब्रेक पर थे',
  'invites.reason.self_excluded': 'आपने सेल्फ़-एक्सक्लूज़न लिया था',
  'invites.reason.account_suspended': 'आपका खाता निलंबित था',
  'invites.reason.account_closed': 'आपका खाता बंद था',
  'invites.reason.limit_hit_recently': 'आपने पिछले 30 दिनों में कोई सीमा छुई',
  'invites.reason.cap_reached': 'इनाम की सीमा पूरी हो गई थी',
  'invites.reason.linked_account': 'दोनों खाते एक ही व्यक्ति के हैं',
  'invites.reason.bonus_active': 'मौजूदा बोनस खत्म होने का इंतज़ार',
  'invites.withReason': '{status}: {reason}',
};
