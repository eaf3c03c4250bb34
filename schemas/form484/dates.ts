// Date arithmetic of the Form 484 rules. Dates are compared as `YYYY-MM-DD` strings (which sort
// chronologically), all relative to "today" as an Australia/Brisbane calendar date.
import { addMonths } from '../common/dates.js';

const DATE_SHAPE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** A real calendar date in `YYYY-MM-DD` form; anything else is left to the structural check. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC treats years 0-99 as 1900-1999; setUTCFullYear restores the literal year.
  date.setUTCFullYear(Number(match[1]));
  return date.toISOString().slice(0, 10) === value;
}

/** Earliest signature date accepted on `today`: six calendar months back (spec 2.5, 8). */
export function signatureWindowStart(today: string): string {
  return addMonths(today, -6);
}

/**
 * The day a person born on `birthDate` turns 18. Built as a string so that a 29 February birthday
 * gives "YYYY-02-29", which sorts after 28 February: in a common year the person is 18 on 1 March.
 */
export function eighteenthBirthday(birthDate: string): string {
  const year = Number(birthDate.slice(0, 4)) + 18;
  return `${String(year).padStart(4, '0')}${birthDate.slice(4)}`;
}
