import { enErrors } from './en-errors';

/**
 * The English dictionary: every user-visible string of the app. Keys are dotted by screen or
 * component; `{name}` marks a parameter that `t()` fills in (and type-checks). Other locales
 * must provide every key (type `Messages`).
 */
export const en = {
  'brand.name': 'Colorplay',
  'brand.logo': 'Colorplay logo',

  'common.loading': 'Loading…',
  'common.pleaseWait': 'Please wait',
  'common.back': 'Back',
  'page.windowTitle': '{page} · Colorplay',

  'demo.banner': 'Demo: no real money',

  'language.label': 'Language',
  'language.choose': 'Choose your language',
  'language.chooseOther': 'अपनी भाषा चुनें',

  'splash.tagline': 'Withdraw fast, safe and stable.',

  'announcement.label': 'Announcement',
  'announcement.dismiss': 'Mark the announcement as read',

  'nav.label': 'Main',
  'nav.home': 'Home',
  'nav.activity': 'Activity',
  'nav.wallet': 'Wallet',
  'nav.account': 'Account',

  'home.promotions': 'Promotions',
  'home.welcomeLabel': 'Welcome',
  'home.welcome': 'Log in or register to play.',
  'home.login': 'Log in',
  'home.register': 'Register',
  'home.balance': 'Balance',
  'home.recharge': 'Recharge',
  'home.playWingo': 'Play Win Go',
  'home.playLine': 'Every result can be verified.',
  'home.categories': 'Game categories',
  'home.notice': 'We never predict results or ask for a deposit to unlock a withdrawal. Support is only in Account › Help.',

  'promo.wingo.title': 'Provably fair Wingo',
  'promo.wingo.text': 'Every result can be checked in your own browser.',
  'promo.upi.title': 'Instant UPI recharge',
  'promo.upi.text': 'Add money to your wallet in seconds.',
  'promo.responsible.title': 'Play responsibly, 18+ only',
  'promo.responsible.text': 'Set limits and take a break whenever you need.',

  'lobby.popular': 'Popular',
  'lobby.lottery': 'Lottery',
  'lobby.casino': 'Casino',
  'lobby.slots': 'Slots',
  'lobby.sports': 'Sports',
  'lobby.rummy': 'Rummy',
  'lobby.fishing': 'Fishing',
  'lobby.original': 'Original',

  'carousel.slide': 'Slide {n}',
  'carousel.slideOf': '{n} of {total}',
  'carousel.pause': 'Pause slideshow',
  'carousel.play': 'Play slideshow',
  'carousel.slides': 'Choose a slide',
  'carousel.role': 'carousel',
  'carousel.slideRole': 'slide',

  'common.showPassword': 'Show password',
  'common.hidePassword': 'Hide password',
  'common.copy': 'Copy {what}',
  'common.copied': 'Copied',
  'common.copyFailed': 'Could not copy. Select the text and copy it yourself.',
  'common.loadFailed': 'Could not load this. Check your connection and try again.',

  'dialog.cancel': 'Cancel',
  'dialog.confirm': 'Confirm',

  'page.allGames.title': 'All',
  'page.allOnlineGames.title': 'All online games',
  'page.allCasinoGames.title': 'Casino games',

  'wingo.voice': 'Voice',

  'notFound.title': 'Page not found',
  'notFound.text': 'There is no page at this address.',
  'notFound.home': 'Go to home',

  'error.title': 'Something went wrong',
  'error.text': 'This page could not be loaded. Check your connection and try again.',
  'error.retry': 'Try again',

  ...enErrors,
  // The launcher's refusal is also an API error text (lib/api-errors.ts), so it stays in core.
  'lobby.maintenance': 'Game Under Maintenance',
} as const;
