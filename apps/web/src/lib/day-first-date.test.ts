import { describe, expect, it } from 'vitest';
import { parseDayFirstDate } from './day-first-date';

describe('a date typed day first (issue 22)', () => {
  it('reads dd/mm/yyyy as the ISO date and refuses what is not a calendar date', () => {
    expect(parseDayFirstDate('17/05/1990')).toBe('1990-05-17');
    expect(parseDayFirstDate(' 1/2/2001 ')).toBe('2001-02-01');
    expect(parseDayFirstDate('29.02.2000')).toBe('2000-02-29');
    expect(parseDayFirstDate('05-12-1999')).toBe('1999-12-05');
    for (const bad of ['29/02/2001', '31/04/1990', '12/13/1990', '1990-05-17', '17/05/90', '', 'abc']) expect(parseDayFirstDate(bad), bad).toBeNull();
  });
});
