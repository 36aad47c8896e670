/**
 * The account page's menu and help (decision 303). An area of its own (decision 220): it
 * loads with the account page, never with `/`, whose JS budget is full.
 */
export const enAccountMenu = {
  'accountMenu.statistics': 'Statistics: bets and results',
  'accountMenu.money': 'Money',
  'accountMenu.settings': 'Settings',
  'accountMenu.help': 'Help',
  'accountMenu.contact': 'Contact support',
  'accountMenu.betHistory': 'Bet history',
  'accountMenu.withdrawHistory': 'Withdrawal history',
  'accountMenu.howToPlay': 'How to play Win Go',
  'accountMenu.fairness': 'Check a round is fair',
  'accountMenu.password.title': 'Change password',
  'accountMenu.password.intro': 'You stay signed in here. Every other phone or browser signed in to your account is signed out.',
  'accountMenu.password.current': 'Current password',
  'accountMenu.password.new': 'New password',
  'accountMenu.password.submit': 'Change password',
  'accountMenu.password.submitting': 'Changing…',
  'accountMenu.password.done': 'Your password has been changed. Other devices have been signed out.',
  'accountMenu.q.recharge': 'How do I add money?',
  'accountMenu.a.recharge': 'Open Wallet, choose Recharge, pick an amount and pay by UPI or USDT. The money is in your balance as soon as the payment is confirmed.',
  'accountMenu.q.withdraw': 'How do I withdraw?',
  'accountMenu.a.withdraw': 'Open Wallet, choose Withdraw and add your bank account or UPI ID. The first time, we check your identity (PAN card). The page shows what can be withdrawn now.',
  'accountMenu.q.fair': 'Can anyone choose the result?',
  'accountMenu.a.fair': 'No. Every Win Go result is fixed by a published chain before the round and a public random beacon after betting closes. Any round can be verified in your browser from Bet history.',
  'accountMenu.q.limits': 'How do I set limits or take a break?',
  'accountMenu.a.limits': 'Safer gambling has deposit, loss and stake limits, a break from 24 hours to 6 weeks, and self-exclusion.',
} as const;
