/**
 * The console's Hindi (decisions 422, 444): the review cards' reasons (withdrawal, UTR deposit,
 * USDT), the deposit-limit warning with its window, and the KYC status, which a reviewer reads
 * to decide. The rest of the console stays English (decision 221) and falls back to it.
 */
export const hiAdmin = {
  'admin.withdrawals.reasons': 'समीक्षा में क्यों: {reasons}',
  'admin.withdrawals.reason.amount_above_auto_limit': 'राशि स्वचालित भुगतान सीमा से अधिक है',
  'admin.withdrawals.reason.auto_payout_off': 'स्वचालित भुगतान बंद हैं',
  'admin.withdrawals.reason.first_withdrawal': 'यह खिलाड़ी की पहली निकासी है',
  'admin.withdrawals.reason.new_payout_method': 'भुगतान का तरीका हाल ही में जोड़ा गया है (नए तरीके की रोक की अवधि में)',
  'admin.withdrawals.reason.unknown': 'अन्य ({code})',
  'admin.deposits.reason': 'समीक्षा में क्यों: {reason}',
  'admin.deposits.reason.utr_not_confirmed_by_gateway': 'खिलाड़ी ने ऐसा UTR भेजा है जिसकी गेटवे ने पुष्टि नहीं की है',
  'admin.deposits.reason.paid_after_failure': 'गेटवे ने ऐसे ऑर्डर का भुगतान बताया है जो विफल या अस्वीकृत हो चुका था',
  'admin.deposits.reason.utr_reused': 'गेटवे का UTR पहले से किसी दूसरे ऑर्डर पर है',
  'admin.deposits.reason.utr_missing': 'गेटवे ने बिना UTR के भुगतान बताया है',
  'admin.deposits.reason.amount_mismatch': 'गेटवे की राशि ऑर्डर की राशि से अलग है',
  'admin.deposits.reason.gateway_mismatch': 'गेटवे ने फिर से सूचना दी है, और उसके तथ्य ऑर्डर से मेल नहीं खाते',
  'admin.deposits.reason.unknown': 'अन्य ({code})',
  'admin.usdt.reason.late_payment': 'समीक्षा में क्यों: ऑर्डर की समय-सीमा खत्म होने के बाद भुगतान हुआ',
  'admin.usdt.reason.second_payment': 'समीक्षा में क्यों: पहले से भुगतान हो चुके ऑर्डर पर दूसरा भुगतान',
  'admin.usdt.reason.paid_after_cancel': 'समीक्षा में क्यों: खिलाड़ी के ऑर्डर रद्द करने के बाद भुगतान हुआ',
  'admin.usdt.reason.amount_too_small': 'समीक्षा में क्यों: मूल्य एक पैसे से भी कम है',
  'admin.usdt.reason.overpaid': 'समीक्षा में क्यों: ऑर्डर से ज़्यादा भुगतान हुआ; ऑर्डर जमा कर दिया गया, यह बाकी राशि है',
  'admin.usdt.reason.other': 'समीक्षा में क्यों: {reason}',
  'admin.limitWarning':
    'स्वीकृति से खिलाड़ी {playerId} अपनी प्रति {period} डिपॉज़िट सीमा ({limit}) से आगे निकल जाएगा: इस अवधि में {used} जमा हुआ। यह उसका पैसा है और फिर भी जमा होगा; एक अलर्ट बनेगा और अवधि पूरी होने तक उसके नए डिपॉज़िट अस्वीकार होंगे।',
  'admin.code.unknown': 'अन्य ({code})',
  'admin.period.day': 'दिन',
  'admin.period.week': 'सप्ताह',
  'admin.period.month': 'महीने',
  'admin.context.kyc': 'पहचान जाँच: {status}',
  'admin.kycStatus.none': 'जमा नहीं की गई',
  'admin.kycStatus.pending': 'जमा की गई, अभी निर्णय नहीं हुआ',
  'admin.kycStatus.verified': 'सत्यापित',
  'admin.kycStatus.rejected': 'अस्वीकृत',
} as const;
