import { describe, expect, it } from 'vitest';
import type { PluralText } from './i18n';
import { en } from './messages/en';
import { enAccountMenu } from './messages/en-account-menu';
import { enAccounts } from './messages/en-accounts';
import { enAdmin } from './messages/en-admin';
import { enInbox } from './messages/en-inbox';
import { enStatistics } from './messages/en-statistics';
import { enPwa } from './messages/en-pwa';
import { enUsdt } from './messages/en-usdt';
import { enWallet } from './messages/en-wallet';
import { enWingo } from './messages/en-wingo';
import { enLobby } from './messages/en-lobby';
import { enLotteryGames } from './messages/en-lottery-games';
import { enWithdraw } from './messages/en-withdraw';
import { enSupport } from './messages/en-support';
import { enToday } from './messages/en-today';
import { hiAccountMenu } from './messages/hi/account-menu';
import { hiAccounts } from './messages/hi/accounts';
import { hiCore } from './messages/hi/core';
import { hiInbox } from './messages/hi/inbox';
import { hiStatistics } from './messages/hi/statistics';
import { hiPwa } from './messages/hi/pwa';
import { hiUsdt } from './messages/hi/usdt';
import { hiWallet } from './messages/hi/wallet';
import { hiWingo } from './messages/hi/wingo';
import { hiLobby } from './messages/hi/lobby';
import { hiLotteryGames } from './messages/hi/lottery-games';
import { hiWithdraw } from './messages/hi/withdraw';
import { hiSupport } from './messages/hi/support';
import { hiToday } from './messages/hi/today';

/**
 * Every area's Hindi has every English key (also a type error: `Translation<typeof enX>`), the same
 * `{name}` placeholders (a missing one would drop a number from the sentence), plural forms where
 * English has them, and is actually Hindi: a text equal to its English must be listed below.
 */
type Dict = Record<string, string | PluralText>;
const AREAS: [string, Dict, Dict][] = [
  ['core', en, hiCore],
  ['wingo', enWingo, hiWingo],
  ['lotteryGames', enLotteryGames, hiLotteryGames],
  ['accountMenu', enAccountMenu, hiAccountMenu],
  ['accounts', enAccounts, hiAccounts],
  ['lobby', enLobby, hiLobby],
  ['wallet', enWallet, hiWallet],
  ['usdt', enUsdt, hiUsdt],
  ['withdraw', enWithdraw, hiWithdraw],
  ['pwa', enPwa, hiPwa],
  ['support', enSupport, hiSupport],
  ['inbox', enInbox, hiInbox],
  ['statistics', enStatistics, hiStatistics],
  ['today', enToday, hiToday],
];

/** Texts that are the same in both languages: names, codes and pure formulas. */
const SAME_IN_HINDI = new Set([
  'brand.name', 'page.windowTitle', 'account.uid', 'wingo.title', 'wingo.multiplier', 'wingo.bet.summary', 'wingo.bet.noResult', 'wingo.ball',
  'deposit.channel.upi', 'deposit.channel.usdt', 'history.utr', 'payment.payeeWhat', 'methods.kind.upi', 'methods.kind.usdt',
  'lg.title.k3', 'lg.title.5d', 'lg.title.trx', 'lg.sel.position', 'lg.bet.line', 'lg.sides',
  'methods.vpa', 'methods.ifsc', 'kyc.pan', 'withdraw.feeFixed', 'withdraw.feeBps', 'withdraw.feeBoth', 'stats.game.k3', 'stats.game.5d',
]);

const forms = (text: string | PluralText): string[] => (typeof text === 'string' ? [text] : Object.values(text).filter((v): v is string => v !== undefined));
const placeholders = (text: string | PluralText) => [...new Set(forms(text).flatMap((f) => [...f.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();

describe.each(AREAS)('the %s dictionary in Hindi', (_area, english, hindi) => {
  it('has exactly the English keys', () => {
    expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
  });

  it('keeps every placeholder and the plural shape', () => {
    const wrong = Object.keys(english).filter((key) => {
      const e = english[key]!;
      const h = hindi[key];
      return h === undefined || typeof e !== typeof h || placeholders(e).join() !== placeholders(h).join();
    });
    expect(wrong).toEqual([]);
  });

  it('is translated (only names, codes and formulas stay as in English)', () => {
    const same = Object.keys(english).filter((key) => JSON.stringify(english[key]) === JSON.stringify(hindi[key]) && !SAME_IN_HINDI.has(key));
    expect(same).toEqual([]);
  });
});

it('the console is the one area that stays English', () => {
  expect(Object.keys(enAdmin).length).toBeGreaterThan(0);
});
