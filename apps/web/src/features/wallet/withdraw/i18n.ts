import { registerMessages } from '../../../lib/i18n-lazy';
import { enWithdraw } from '../../../lib/messages/en-withdraw';

/**
 * The withdrawal and KYC strings (lib/messages/en-withdraw.ts) join the app's dictionary when a
 * module of these screens loads, never with `/` (decision 160). The declaration below makes
 * their keys ordinary message keys for `t()`, `useForm` and MessageRef.
 */
type EnWithdraw = typeof enWithdraw;

declare module '../../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface LazyMessages extends EnWithdraw {}
}

registerMessages(enWithdraw);
