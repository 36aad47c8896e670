import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';
import { awaitsCountersign, COUNTERSIGNED_ACTIONS, isAllowed, PERMISSIONS, permissionsOf } from './permissions';
import { isSessionOpen } from './rules';
import { matchTotpStep, newTotpSecret, openSecret, otpauthUri, sealSecret, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1: the secret is ASCII "12345678901234567890" (base32 below), and the
// spec's 8-digit codes end in these 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC test vectors', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts the right code with one step of skew either way, and refuses a wrong or older one', () => {
    const secret = newTotpSecret();
    const now = Date.UTC(2026, 5, 1, 10, 0, 10);
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, now + 90_000), now)).toBeNull();
    const wrong = String((Number(totpCode(secret, now)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotpStep(secret, wrong, now)).toBeNull();
    expect(matchTotpStep(newTotpSecret(), totpCode(secret, now), now)).toBeNull();
  });

  it('builds an otpauth URI for authenticator apps', () => {
    expect(otpauthUri(RFC_SECRET, 'asha')).toMatch(/^otpauth:\/\/totp\/Colorplay%20Console:asha\?.*secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ/);
  });

  it('seals secrets so the stored form reveals nothing and only the server key opens it', () => {
    const sealed = sealSecret(RFC_SECRET, 'server-secret-0123456789abcdef');
    expect(sealed).not.toContain(RFC_SECRET);
    expect(sealSecret(RFC_SECRET, 'server-secret-0123456789abcdef')).not.toBe(sealed);
    expect(openSecret(sealed, 'server-secret-0123456789abcdef')).toBe(RFC_SECRET);
    expect(() => openSecret(sealed, 'another-secret-0123456789abcdef')).toThrow();
  });
});

describe('CSV export (OWASP CSV injection)', () => {
  it('neutralises every formula starter, separators included, and quotes every cell', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    // Separators some locales read as the start of a formula or of a new field.
    expect(csvCell(';=1+1')).toBe(`"';=1+1"`);
    expect(csvCell(',=1+1')).toBe(`"',=1+1"`);
    expect(csvCell('|cmd')).toBe(`"'|cmd"`);
    // Full-width forms that some spreadsheets fold to = and +.
    expect(csvCell('\uFF1D1+1')).toBe(`"'\uFF1D1+1"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(-500)).toBe('"-500"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell({ note: 'x,y' })).toBe('"{""note"":""x,y""}"');
    expect(toCsv(['a', 'b'], [[1, 'two']])).toBe('"a","b"\r\n"1","two"\r\n');
  });
});

describe('permissions', () => {
  it('lets support read and decide KYC but never move money; finance moves money; admin does all', () => {
    expect(isAllowed('support', 'players.read')).toBe(true);
    expect(isAllowed('support', 'kyc.review')).toBe(true);
    expect(isAllowed('support', 'deposits.review')).toBe(false);
    expect(isAllowed('support', 'withdrawals.review')).toBe(false);
    expect(isAllowed('finance', 'deposits.review')).toBe(true);
    expect(isAllowed('finance', 'withdrawals.review')).toBe(true);
    expect(isAllowed('finance', 'operators.manage')).toBe(false);
    expect(permissionsOf('admin')).toEqual(Object.keys(PERMISSIONS));
  });

  it('withholds money and operator management from a console-made admin or finance operator until countersigned (decision 395)', () => {
    const at = new Date('2026-06-01T10:00:00Z');
    expect(awaitsCountersign({ role: 'finance', createdBy: 1, countersignedAt: null })).toBe(true);
    expect(awaitsCountersign({ role: 'admin', createdBy: 1, countersignedAt: null })).toBe(true);
    expect(awaitsCountersign({ role: 'finance', createdBy: 1, countersignedAt: at })).toBe(false);
    // The CLI's operators (no creator) and support (no money) need none.
    expect(awaitsCountersign({ role: 'admin', createdBy: null, countersignedAt: null })).toBe(false);
    expect(awaitsCountersign({ role: 'support', createdBy: 1, countersignedAt: null })).toBe(false);
    expect(permissionsOf('admin', true).filter((a) => COUNTERSIGNED_ACTIONS.includes(a))).toEqual([]);
    // A waiting admin does what support does (reads, KYC decisions, suspensions, notes), reads the reports
    // and writes announcements (no money moves).
    expect(new Set(permissionsOf('admin', true))).toEqual(new Set([...permissionsOf('support'), 'reports.read', 'announcements.manage']));
    expect(permissionsOf('finance', true)).toEqual(['session.read', 'players.read', 'players.rg_note', 'links.read', 'deposits.read', 'usdt.read', 'withdrawals.read', 'kyc.read', 'audit.read', 'audit.export', 'alerts.read', 'reports.read', 'reconciliation.read', 'support.read', 'announcements.read', 'promotions.read']);
    expect(isAllowed('finance', 'withdrawals.review', true)).toBe(false);
    expect(isAllowed('finance', 'withdrawals.review', false)).toBe(true);
  });
});

describe('operator sessions', () => {
  const t0 = new Date('2026-06-01T10:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  it('ends after 30 idle minutes, 12 hours after login, or at logout', () => {
    const s = { last_seen_at: t0, expires_at: at(12 * 3600_000), ended_at: null };
    expect(isSessionOpen(s, at(29 * 60_000))).toBe(true);
    expect(isSessionOpen(s, at(30 * 60_000))).toBe(false);
    expect(isSessionOpen({ ...s, last_seen_at: at(12 * 3600_000 - 60_000) }, at(12 * 3600_000))).toBe(false);
    expect(isSessionOpen({ ...s, ended_at: t0 }, at(1000))).toBe(false);
  });
});
