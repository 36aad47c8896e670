/**
 * The Tips dialog of a game whose vendor keeps its own wallet (transfer mode, decision 311): loaded
 * with that dialog's chunk, never with `/` (decision 220's areas).
 */
export const enLaunchTransfer = {
  'launchTransfer.message': "{amount} moves from your main wallet to {vendor}'s wallet while you play. Bring back what is left any time with “Transfer to main wallet” on the Wallet page.",
  'launchTransfer.empty': "Your main wallet is empty, so nothing moves to {vendor}'s wallet. Recharge first to play with money.",
  'launchTransfer.amount': 'Amount to move (₹)',
  'launchTransfer.hint': 'From {min} to {max}, your main wallet balance.',
  'launchTransfer.invalid': 'Enter an amount in rupees, for example 250 or 250.50.',
  'launchTransfer.belowMin': 'Move at least {min}.',
  'launchTransfer.aboveMax': 'Your main wallet holds {max}: move at most that.',
} as const;
