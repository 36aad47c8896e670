import { describe, expect, it } from 'vitest';
import { roundResultText } from './server';

describe('the game page’s words for a round', () => {
  it('writes amounts in the platform’s money format (₹1,000.00, a lakh as ₹1,00,000.00), not "₹1000.00"', () => {
    expect(roundResultText(1000_00, 2000_00)).toBe('You won ₹2,000.00 (₹1,000.00 more than your bet)!');
    expect(roundResultText(50_000_00, 150_000_00)).toBe('You won ₹1,50,000.00 (₹1,00,000.00 more than your bet)!');
  });

  it('says a returned stake, a partial return and no win as what they are', () => {
    expect(roundResultText(500, 500)).toBe('Your ₹5.00 bet came back: no gain, no loss.');
    expect(roundResultText(1000, 400)).toBe('You got ₹4.00 back of your ₹10.00 bet.');
    expect(roundResultText(1000, 0)).toBe('No win this time.');
  });
});
