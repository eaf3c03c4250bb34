import { describe, expect, it } from 'vitest';
import { brisbaneDate } from '../../schemas/common/dates.js';
import { eighteenthBirthday, isCalendarDate, signatureWindowStart } from '../../schemas/form484/dates.js';

describe('isCalendarDate', () => {
  it('accepts real YYYY-MM-DD dates, leap days included', () => {
    for (const date of ['2026-11-22', '2024-02-29', '2000-02-29', '0099-01-01']) expect(isCalendarDate(date), date).toBe(true);
  });

  it('refuses impossible dates, other layouts and other types', () => {
    for (const value of [
      '2026-02-29',
      '1900-02-29',
      '2026-11-31',
      '2026-13-01',
      '22/11/2026',
      '2026-1-5',
      '2026-11-22T00:00:00Z',
      20261122,
      null,
    ]) {
      expect(isCalendarDate(value), String(value)).toBe(false);
    }
  });
});

describe('brisbaneDate', () => {
  it('is the UTC+10 calendar date (no daylight saving)', () => {
    expect(brisbaneDate(new Date('2026-11-21T13:59:59Z'))).toBe('2026-11-21');
    expect(brisbaneDate(new Date('2026-11-21T14:00:00Z'))).toBe('2026-11-22');
    expect(brisbaneDate(new Date('2026-01-15T14:00:00Z'))).toBe('2026-01-16');
  });
});

describe('signatureWindowStart', () => {
  it('goes back six calendar months, clamping to the month end', () => {
    expect(signatureWindowStart('2026-11-22')).toBe('2026-05-22');
    expect(signatureWindowStart('2026-08-31')).toBe('2026-02-28');
    expect(signatureWindowStart('2026-03-15')).toBe('2025-09-15');
  });
});

describe('eighteenthBirthday', () => {
  it('adds 18 years', () => {
    expect(eighteenthBirthday('2008-11-22')).toBe('2026-11-22');
  });

  it('makes a 29 February birthday fall after 28 February, so the person is 18 on 1 March', () => {
    const birthday = eighteenthBirthday('2008-02-29');
    expect(birthday > '2026-02-28').toBe(true);
    expect(birthday <= '2026-03-01').toBe(true);
  });
});
