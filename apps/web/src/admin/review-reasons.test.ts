import { DEPOSIT_REVIEW_REASONS, USDT_REVIEW_REASONS } from '@colorplay/contract/deposit-states';
import { SAFETY_PERIODS } from '@colorplay/contract/safety-constants';
import { KYC_STATUSES, WITHDRAWAL_REVIEW_REASONS } from '@colorplay/contract/withdrawal-states';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../lib/i18n';
import { enAdmin } from '../lib/messages/en-admin';
import { hiAdmin } from '../lib/messages/hi/admin';
import { depositReasonText, kycStatusText, limitPeriodText, usdtReasonText, withdrawalReasonText } from './i18n';

// Decisions 422 and 444: every code a review card can show, in words, in English and Hindi. The
// lists are the contract's, which the server's writers are typed with (deposits' review_reason,
// the withdrawal rules' reasons, USDT's column check), so a new code the server can emit is here.
const CARD_CODES = [
  { name: 'withdrawal reason', codes: WITHDRAWAL_REVIEW_REASONS, text: withdrawalReasonText, unknown: (c: string) => `other (${c})` },
  { name: 'UTR deposit reason', codes: DEPOSIT_REVIEW_REASONS, text: depositReasonText, unknown: (c: string) => `other (${c})` },
  { name: 'USDT reason', codes: USDT_REVIEW_REASONS, text: usdtReasonText, unknown: (c: string) => `Why in review: ${c}` },
  { name: 'limit window', codes: SAFETY_PERIODS, text: limitPeriodText, unknown: (c: string) => `other (${c})` },
  { name: 'KYC status', codes: KYC_STATUSES, text: kycStatusText, unknown: (c: string) => `other (${c})` },
] as const;

const DEVANAGARI = /[\u0900-\u097F]/;

afterEach(async () => {
  await setLocale('en');
});

describe('review reasons', () => {
  it('says each known reason in words and shows an unknown code as itself', () => {
    expect(withdrawalReasonText('risk_flag:new_payout_method')).toBe('the payout method was added recently (within the new-method hold)');
    expect(withdrawalReasonText('auto_payout_off')).toBe('automatic payouts are turned off');
    expect(withdrawalReasonText('risk_flag:something_new')).toBe('other (risk_flag:something_new)');
    expect(depositReasonText('utr_reused')).toBe('the gateway’s UTR is already on another order');
    expect(depositReasonText('toString')).toBe('other (toString)');
  });

  it('has English words for every code the server can emit, never the code itself', () => {
    for (const { name, codes, text, unknown } of CARD_CODES) {
      for (const code of codes) {
        const words = text(code);
        expect(words, `${name} ${code}`).not.toBe(unknown(code));
        // A compound code (utr_reused, risk_flag:first_withdrawal) never shows as itself.
        if (/[_:]/.test(code)) expect(words, `${name} ${code}`).not.toContain(code);
      }
    }
  });

  it('has Hindi words for every one of them, in Devanagari and not the English', async () => {
    const english = new Map(CARD_CODES.flatMap(({ name, codes, text }) => codes.map((code) => [`${name} ${code}`, text(code)] as const)));
    await setLocale('hi');
    for (const { name, codes, text } of CARD_CODES) {
      for (const code of codes) {
        const words = text(code);
        expect(words, `${name} ${code}`).toMatch(DEVANAGARI);
        expect(words, `${name} ${code}`).not.toBe(english.get(`${name} ${code}`));
      }
    }
  });

  it('keeps the Hindi placeholders equal to the English ones, and no Hindi key the English lacks', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
    const en = enAdmin as Record<string, string>;
    for (const [key, text] of Object.entries(hiAdmin)) {
      expect(en[key], key).toBeDefined();
      expect(placeholders(text), key).toBe(placeholders(en[key]!));
      expect(text, key).not.toBe(en[key]);
    }
  });
});
