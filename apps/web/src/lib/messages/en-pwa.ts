/** The installed-app texts (offline, new version, install offer): loaded with app/pwa.tsx. */
export const enPwa = {
  'pwa.offline': 'You are offline. The app still opens, but balances, bets and payments need the network.',
  'pwa.update': 'A new version of Colorplay is ready. It opens the next time you start the app.',
  'pwa.reload': 'Reload now',
  'pwa.install.label': 'Install the app',
  'pwa.install.text': 'Add Colorplay to your home screen: it opens in one tap, like an app.',
  'pwa.install.accept': 'Install',
  'pwa.install.later': 'Not now',
} as const;
