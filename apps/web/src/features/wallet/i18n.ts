import '../../lib/limit-errors';
import { defineArea } from '../../lib/i18n-areas';
import { enUsdt } from '../../lib/messages/en-usdt';
import { enWallet } from '../../lib/messages/en-wallet';

/**
 * The wallet, recharge (UPI and USDT), payment and recharge-history strings load with the wallet
 * screens, never with `/` (decisions 172, 220). Every module of these screens that shows one
 * imports this file for its effect, so the texts are there before the first render.
 */
type EnWallet = typeof enWallet;
type EnUsdt = typeof enUsdt;

declare module '../../lib/i18n' {
  interface AreaMessages extends EnWallet, EnUsdt {}
}

defineArea('wallet', enWallet, { hi: () => import('../../lib/messages/hi/wallet').then((m) => m.hiWallet) });
defineArea('usdt', enUsdt, { hi: () => import('../../lib/messages/hi/usdt').then((m) => m.hiUsdt) });
