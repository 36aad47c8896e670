/**
 * The strings of the USDT recharge (decision 135): the USDT choice on the recharge page and the
 * address screen. Deliberately not merged into `en`: `en` ships with `/`, whose JS budget is
 * full, while these load only with the recharge and USDT payment routes' chunks (decision 135).
 * lib/wallet-texts.ts registers them; the deposits feature words statuses in features/deposits/usdt-text.ts.
 */
export const enUsdt = {
  'usdt.rechargeNote': 'You pay in USDT. The USDT amount is fixed at the rate of the moment you create the order.',

  'usdt.title': 'USDT payment',
  'usdt.send': 'Send exactly',
  'usdt.amountWhat': 'amount',
  'usdt.credit': 'Your wallet gets {amount}',
  'usdt.rate': 'Rate: 1 USDT = {rate}',
  'usdt.network': 'Send only USDT on {network}.',
  'usdt.networkDetail': 'USDT sent on another network, or any other token, does not reach your wallet.',
  'usdt.address': 'Deposit address',
  'usdt.addressWhat': 'address',
  'usdt.token': 'USDT token contract',
  'usdt.order': 'Order number',
  'usdt.qr': 'QR code of the deposit address {address}',
  'usdt.scan': 'Scan with your wallet app, or copy the address.',
  'usdt.expiresIn': 'Time left to send',
  'usdt.expired': 'Time is up. Do not send to this address any more: a late transfer goes to a manual check.',

  'usdt.status.waiting': 'Waiting for your transfer.',
  'usdt.status.seen': 'Transfer seen: {confirmations} of {required} confirmations.',
  'usdt.status.sent': 'Transfer sent. Waiting for the network to see it.',
  'usdt.confirmations': '{confirmations} of {required} confirmations',
  'usdt.confirmationsLabel': 'Confirmations',
  'usdt.ordered': 'Order',
  'usdt.tx': 'Transaction',
  'usdt.status.succeeded': 'Recharge successful: {amount} was added to your wallet.',
  'usdt.status.expired': 'This order expired before a transfer arrived.',
  'usdt.status.review': 'Our team checks this transfer by hand before it is credited. No need to send again.',
  'usdt.review.late_payment': 'The transfer arrived after the order expired.',
  'usdt.review.second_payment': 'A second transfer arrived at this address.',
  'usdt.review.paid_after_cancel': 'The transfer arrived after the order was cancelled.',
  'usdt.review.amount_too_small': 'The transfer is worth less than one paisa.',
  'usdt.review.overpaid': 'More than the order arrived.',
  'usdt.status.cancelled': 'This order was cancelled.',
  'usdt.underpaid': 'Less than the order arrived ({received} USDT): your wallet is credited with what arrived.',
  'usdt.overpaid': 'More than the order arrived ({received} USDT): your wallet is credited with the order (up to 1 % more); anything beyond that is checked by our team before it is credited.',

  'usdt.chip.waiting': 'Waiting',
  'usdt.chip.seen': 'Confirming',
  'usdt.chip.succeeded': 'Succeeded',
  'usdt.chip.expired': 'Expired',
  'usdt.chip.review': 'Under review',
  'usdt.chip.cancelled': 'Cancelled',

  'usdt.cancelText': 'Only cancel if you have not sent USDT. A transfer that still arrives goes to a manual check.',

  'usdt.history.amount': 'USDT amount',

  'usdt.faucet.title': 'Sandbox: send test USDT',
  'usdt.faucet.text': 'Sends the amount above from a local test chain: these tokens are worth nothing and no real money moves.',
  'usdt.faucet.send': 'Send test USDT',
  'usdt.faucet.sending': 'Sending…',
  'usdt.faucet.sent': 'Test USDT sent. Watch the confirmations arrive.',
} as const;
