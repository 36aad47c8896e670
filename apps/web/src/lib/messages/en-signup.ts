/**
 * The texts of registering and of resetting a password: they load with those pages, not with
 * `/` (features/accounts/signup-i18n.ts; decision 220).
 */
export const enSignup = {
  'register.title': 'Register',
  'register.code': 'Code from the SMS',
  'register.sendCode': 'Send code',
  'register.sending': 'Sending…',
  'register.codeSent': 'We sent an SMS to {phone}. The code in it is valid for {minutes} minutes.',
  'register.intro': 'Create your account. Only players aged 18 or older may play.',
  'register.age': 'I am 18 or older and accept the rules of play',
  'register.invite': 'Invite code (optional)',
  'register.submit': 'Create account',
  'register.submitting': 'Creating account…',
  'register.haveAccount': 'Already have an account?',
  'register.toLogin': 'Log in',
  'rpwd.title': 'Forgot password',
  'rpwd.intro': 'We will send a 6-digit code to your mobile number.',
  'rpwd.sendCode': 'Send code',
  'rpwd.sending': 'Sending…',
  'rpwd.codeSent': 'Code sent to {phone}. It is valid for {minutes} minutes.',
  'rpwd.code': '6-digit code',
  'rpwd.resend': 'Send the code again',
  'rpwd.resendIn': 'Send again in {seconds} s',
  'rpwd.submit': 'Set new password',
  'rpwd.submitting': 'Saving…',
  'rpwd.done': 'Your password has been changed. Log in with the new one.',
  'rpwd.sandboxSms': 'Sandbox SMS to {phone}',
  'rpwd.backToLogin': 'Back to log in',
} as const;
