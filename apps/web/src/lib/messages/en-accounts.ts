/**
 * English strings of the account screens: login, register, forgot password, account page,
 * avatar and messages. An area loaded with those screens, not with `/`
 * (features/accounts/accounts-i18n.ts, decision 482).
 */
export const enAccounts = {
  'accounts.phone': 'Mobile number',
  'accounts.phoneHint': '10 digits, without +91',
  'accounts.password': 'Password',
  'accounts.newPassword': 'New password',
  'accounts.passwordHint': '8 to 64 characters. Avoid common passwords.',
  'accounts.sandboxNote': 'Sandbox: no real SMS is sent. The message a phone would receive is shown here.',

  'accounts.error.phone': 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  'accounts.error.passwordRequired': 'Enter your password.',
  'accounts.error.passwordLength': 'Use 8 to 64 characters.',
  'accounts.error.passwordWeak': 'This password is too common or too easy to guess. Choose another.',
  'accounts.error.age': 'You must confirm that you are 18 or older.',
  'accounts.error.invite': 'Invite codes are 4 to 16 letters or digits.',
  'accounts.error.code': 'Enter the 6-digit code.',

  'login.title': 'Log in',
  'login.intro': 'Welcome back. Log in with your mobile number.',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in…',
  'login.forgot': 'Forgot password?',
  'login.noAccount': 'New to Colorplay?',
  'login.toRegister': 'Create an account',



  'account.title': 'Account',
  'account.uid': 'UID',
  'account.balance': 'Total balance',
  'account.avatarOf': 'Avatar {n}',
  'account.changeAvatar': 'Change avatar',
  'account.wallet': 'Wallet',
  'account.safety': 'Safer gambling: limits and breaks',
  'account.rechargeHistory': 'Recharge history',
  'account.messages': 'Messages',
  'account.unread': '{count} unread',
  'account.logout': 'Log out',
  'account.logoutTitle': 'Log out?',
  'account.logoutText': 'You will need your mobile number and password to log in again.',
  'account.lastLogin': 'Last login {time}',

  'avatar.title': 'Change avatar',
  'avatar.loading': 'Loading...',
  'avatar.option': 'Avatar {n}',
  'avatar.grid': 'Avatars',
  'avatar.saveFailed': 'Could not save your avatar. Please try again.',

  'messages.title': 'Messages',
  'messages.markAllRead': 'Mark all as read',
  'messages.allRead': 'All messages marked as read',
  'messages.empty': 'No messages yet. News about your account and deposits will appear here.',
  'messages.unread': 'Unread',
  'messages.loadMore': 'Load more',
  'messages.end': 'No more messages',
} as const;
