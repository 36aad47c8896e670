import { describe, expect, it, vi } from 'vitest';
import { formatMinorIn } from './money-format';

/** The text Intl writes (the code path other currencies and locales still take), for comparison. */
function intlText(locale: string, amountMinor: number): string {
  const absMinor = Math.abs(amountMinor);
  const fraction = absMinor % 100;
  const whole = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format((absMinor - fraction) / 100);
  const decimal = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' }).formatToParts(1.5).find((p) => p.type === 'decimal')!.value;
  const text = whole.replace(/(\d)(?!.*\d)/, `$1${decimal}${String(fraction).padStart(2, '0')}`);
  return amountMinor < 0 ? `-${text}` : text;
}

describe('formatMinorIn', () => {
  it('writes rupees in English and Hindi as Intl does, without Intl (decision 580)', () => {
    const amounts = [0, 1, 5, 99, 100, 101, 12_345, 123_450, 999_999, 1_000_000, 10_000_000, 123_456_789, 100_000_000_000, 98_765_432_101_234, Number.MAX_SAFE_INTEGER];
    // A fixed spread of lengths and digits (a linear congruential sequence: the same every run).
    let seed = 20_261_129;
    for (let i = 0; i < 200; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      amounts.push(Math.floor((seed / 2 ** 31) * 10 ** (1 + (i % 15))));
    }
    for (const locale of ['en-IN', 'hi-IN']) {
      for (const amount of [...amounts, ...amounts.map((a) => -a)]) {
        expect(formatMinorIn(locale, amount), `${locale} ${amount}`).toBe(intlText(locale, amount));
      }
    }
    expect(formatMinorIn('en-IN', 10_000_000)).toBe('₹1,00,000.00');
    expect(formatMinorIn('hi-IN', -123_450)).toBe('-₹1,234.50');
  });

  it('builds no Intl.NumberFormat for rupees in the two languages, one for anything else', async () => {
    // A fresh copy of the module: no format built by another test is cached in it.
    vi.resetModules();
    const { formatMinorIn } = await import('./money-format');
    const built: unknown[] = [];
    const Original = Intl.NumberFormat;
    const spy = function (this: unknown, ...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built.push(args);
      return new Original(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = spy;
    try {
      formatMinorIn('en-IN', 123_450);
      formatMinorIn('hi-IN', 123_450);
      expect(built).toEqual([]);
      expect(formatMinorIn('en-US', 123_450, 'USD')).toBe('$1,234.50');
      expect(built.length).toBeGreaterThan(0);
    } finally {
      Intl.NumberFormat = Original;
    }
  });

  it('refuses an amount that is not a safe integer', () => {
    expect(() => formatMinorIn('en-IN', 1.5)).toThrow(RangeError);
    expect(() => formatMinorIn('en-IN', Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});
