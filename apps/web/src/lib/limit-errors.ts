import { defineArea } from './i18n-areas';
import { enLimits } from './messages/en-limits';

/**
 * The limit refusals' texts (decision 220's areas): imported for its effect by the screens
 * that can meet DEPOSIT_LIMIT_EXCEEDED, STAKE_LIMIT_EXCEEDED, LOSS_LIMIT_EXCEEDED or
 * DEPOSIT_LIMIT_REQUIRED, so `/` does not carry them.
 */
type EnLimits = typeof enLimits;

declare module './i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnLimits {}
}

defineArea('limits', enLimits, { hi: () => import('./messages/hi/limits').then((m) => m.hiLimits) });
