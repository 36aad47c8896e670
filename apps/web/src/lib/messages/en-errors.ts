/**
 * One message per error code of the contract (and per client-side failure), shown wherever a
 * call fails (lib/api-errors.ts). The server's English messages are never shown (decision 011).
 */
export const enErrors = {
  'apiError.generic': 'Something went wrong. Please try again.',
  'apiError.gameNotFound': 'This game is not in our lobby.',
  'apiError.network': 'No connection. Check your network and try again.',
  'apiError.validation': 'Some details are not right. Check them and try again.',
  'apiError.session': 'Your session has ended. Log in again.',
  'apiError.forbidden': 'You are not allowed to do this.',
  'apiError.notFound': 'This was not found.',
  'apiError.conflict': 'This changed meanwhile. Reload and try again.',
  'apiError.rateLimited': 'Too many tries. Wait a moment and try again.',
  'apiError.rateLimitedFor': 'Too many tries. Try again in {minutes} min.',
  'apiError.unavailable': 'The service is busy. Try again in a moment.',
  'apiError.amount': 'This amount is outside the recharge limits.',
  'apiError.channel': 'This payment channel is not available right now.',
  'apiError.depositNotFound': 'There is no such recharge order in your account.',
  'apiError.depositState': 'This order has changed meanwhile; its current status is shown.',
  'apiError.utrUsed': 'This UTR was already used for another recharge. Check the number in your UPI app.',
  'apiError.credentials': 'The mobile number or password is not right.',
  'apiError.phoneTaken': 'This number already has an account. Log in instead.',
  'apiError.otpInvalid': 'That code is not right. Check the SMS and try again.',
  'apiError.otpExpired': 'That code has expired. Ask for a new one.',
  'apiError.otpAttempts': 'Too many wrong codes. Ask for a new one.',
  'apiError.smsUnavailable': 'We could not send the SMS just now. Try again in a minute.',
  'apiError.origin': 'This request came from a page we do not recognise. Reload the app and try again.',
  'apiError.insufficientFunds': 'Your balance is too low for this.',
  'apiError.idempotency': 'This request changed while it was being sent. Try again.',
  'apiError.limitReached': 'This is over a limit you set.',
  'apiError.onBreak': 'You are taking a break: bets, deposits and games are closed until it ends. Withdrawals and your history stay open.',
  'apiError.selfExcluded': 'Your account is self-excluded: bets, deposits and games are closed. Withdrawals and your history stay open.',
} as const;
