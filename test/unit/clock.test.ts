// The one source of time (sandbox.md "Clock and jobs") and the Australia/Brisbane calendar of terms.
import { describe, expect, it } from 'vitest';
import { brisbaneDate, brisbaneDateTime } from '../../schemas/common/dates.js';
import { ManualClock, RealClock } from '../../server/clock.js';

const START = new Date('2026-11-22T00:00:00Z');

describe('ManualClock', () => {
  it('stands still until moved and reports manual mode', () => {
    const clock = new ManualClock(START);
    expect(clock.mode).toBe('manual');
    expect(clock.now().toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(clock.now().getTime()).toBe(clock.now().getTime());
  });

  it('hands out copies: changing a returned Date does not move the clock', () => {
    const clock = new ManualClock(START);
    clock.now().setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('advances by whole and fractional seconds and returns the new time', () => {
    const clock = new ManualClock(START);
    expect(clock.advance(30).toISOString()).toBe('2026-11-22T00:00:30.000Z');
    expect(clock.advance(0.5).toISOString()).toBe('2026-11-22T00:00:30.500Z');
    expect(clock.advance(86_400).toISOString()).toBe('2026-11-23T00:00:30.500Z');
  });

  it('refuses to advance by zero, a negative or a non-finite number of seconds', () => {
    const clock = new ManualClock(START);
    for (const seconds of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => clock.advance(seconds)).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('sets forward or to the same instant, never back', () => {
    const clock = new ManualClock(START);
    clock.set(new Date('2026-11-22T00:01:00Z'));
    clock.set(new Date('2026-11-22T00:01:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-22T00:01:00.000Z');
    expect(() => clock.set(new Date('2026-11-22T00:00:59.999Z'))).toThrow(RangeError);
    expect(clock.now().toISOString()).toBe('2026-11-22T00:01:00.000Z');
  });

  it('starts at the real time when no start is given', () => {
    const before = Date.now();
    const clock = new ManualClock();
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before);
    expect(clock.now().getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('RealClock', () => {
  it('follows the system time and reports real mode', () => {
    const clock = new RealClock();
    expect(clock.mode).toBe('real');
    const before = Date.now();
    const now = clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('Brisbane calendar (UTC+10, no daylight saving)', () => {
  it('changes date at 14:00 UTC', () => {
    expect(brisbaneDate(new Date('2026-11-22T13:59:59.999Z'))).toBe('2026-11-22');
    expect(brisbaneDate(new Date('2026-11-22T14:00:00Z'))).toBe('2026-11-23');
    expect(brisbaneDate(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
  });

  it('has the same offset in January and July (no daylight saving)', () => {
    expect(brisbaneDateTime(new Date('2027-01-15T02:30:00Z'))).toBe('2027-01-15 12:30:00');
    expect(brisbaneDateTime(new Date('2027-07-15T02:30:00Z'))).toBe('2027-07-15 12:30:00');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(brisbaneDate(new Date('2026-12-31T14:00:00Z'))).toBe('2027-01-01');
    expect(brisbaneDate(new Date('2028-02-28T14:00:00Z'))).toBe('2028-02-29');
    expect(brisbaneDate(new Date('2027-02-28T14:00:00Z'))).toBe('2027-03-01');
  });

  it('formats date and time as YYYY-MM-DD HH:MM:SS without fractions (D-37)', () => {
    expect(brisbaneDateTime(new Date('2026-11-22T03:04:05.678Z'))).toBe('2026-11-22 13:04:05');
    expect(brisbaneDateTime(new Date('2026-11-22T14:00:00Z'))).toBe('2026-11-23 00:00:00');
    expect(brisbaneDateTime(START)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('agrees with the platform time zone database', () => {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Brisbane', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const instant = new Date(START.getTime() + hour * 3600_000);
      expect(brisbaneDate(instant)).toBe(format.format(instant));
    }
  });
});
