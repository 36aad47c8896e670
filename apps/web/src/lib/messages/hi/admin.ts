/**
 * The console's Hindi (decision 422): the review cards' reasons, which a reviewer reads to decide.
 * The rest of the console stays English (decision 221) and falls back to it.
 */
export const hiAdmin = {
  'admin.withdrawals.reasons': 'समीक्षा में क्यों: {reasons}',
  'admin.withdrawals.reason.amount_above_auto_limit': 'राशि स्वचालित भुगतान सीमा से अधिक है',
  'admin.withdrawals.reason.auto_payout_off': 'स्वचालित भुगतान बंद हैं',
  'admin.withdrawals.reason.first_withdrawal': 'यह खिलाड़ी की पहली निकासी है',
  'admin.withdrawals.reason.new_payout_method': 'भुगतान का तरीका हाल ही में जोड़ा गया है (नए तरीके की रोक की अवधि में)',
  'admin.withdrawals.reason.unknown': 'अन्य ({code})',
} as const;
