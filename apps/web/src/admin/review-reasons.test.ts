import { describe, expect, it } from 'vitest';
import { enAdmin } from '../lib/messages/en-admin';
import { hiAdmin } from '../lib/messages/hi/admin';
import { withdrawalReasonText } from './i18n';

// Decision 422: a withdrawal's review reasons in words, in English and Hindi.
describe('review reasons', () => {
  it('says each known reason in words and shows an unknown code as itself', () => {
    expect(withdrawalReasonText('risk_flag:new_payout_method')).toBe('the payout method was added recently (within the new-method hold)');
    expect(withdrawalReasonText('auto_payout_off')).toBe('automatic payouts are turned off');
    expect(withdrawalReasonText('risk_flag:something_new')).toBe('other (risk_flag:something_new)');
  });

  it('has a Hindi text for each reason, with the English placeholders, that is not the English', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
    const english = enAdmin as Record<string, string>;
    const reasonKeys = Object.keys(english).filter((k) => k.startsWith('admin.withdrawals.reason'));
    expect(Object.keys(hiAdmin).sort()).toEqual(reasonKeys.sort());
    for (const [key, text] of Object.entries(hiAdmin)) {
      expect(placeholders(text), key).toBe(placeholders(english[key]!));
      expect(text, key).not.toBe(english[key]);
    }
  });
});
