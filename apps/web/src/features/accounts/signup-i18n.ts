import { defineArea } from '../../lib/i18n-areas';
import { enSignup } from '../../lib/messages/en-signup';

/** The register and reset-password pages' strings, loaded with those pages (decision 220). */
type EnSignup = typeof enSignup;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnSignup {}
}

defineArea('signup', enSignup, { hi: () => import('../../lib/messages/hi/signup').then((m) => m.hiSignup) });
