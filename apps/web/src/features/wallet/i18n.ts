import { registerMessages } from '../../lib/i18n-lazy';
import { enWallet } from '../../lib/messages/en-wallet';

/**
 * The wallet, recharge, payment and recharge-history strings (lib/messages/en-wallet.ts) join the
 * app's dictionary when a wallet screen's module loads, never with `/` (decision 160, extended by
 * decision 172): `/` is at its JS budget. Every module of these screens that shows one of these
 * texts imports this file for its effect, so the texts are there before the first render.
 */
type EnWallet = typeof enWallet;

declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface LazyMessages extends EnWallet {}
}

registerMessages(enWallet);
