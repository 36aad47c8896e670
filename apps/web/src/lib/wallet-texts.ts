import './limit-errors';
import { defineArea } from './i18n-areas';
import { enUsdt } from './messages/en-usdt';
import { enWallet } from './messages/en-wallet';

/**
 * The wallet, recharge (UPI and USDT), payment and recharge-history strings load with the wallet
 * screens, never with `/` (decisions 172, 220). Every module of these screens that shows one
 * imports this file for its effect, so the texts are there before the first render. Here, beside
 * the dictionaries, rather than in a feature: the wallet, deposits and withdrawals features all
 * show them, and no feature imports another (decision 290; lib/limit-errors.ts is the same shape).
 */
type EnWallet = typeof enWallet;
type EnUsdt = typeof enUsdt;

declare module './i18n' {
  interface AreaMessages extends EnWallet, EnUsdt {}
}

defineArea('wallet', enWallet, { hi: () => import('./messages/hi/wallet').then((m) => m.hiWallet) });
defineArea('usdt', enUsdt, { hi: () => import('./messages/hi/usdt').then((m) => m.hiUsdt) });
