import { z } from './zod.js';

/**
 * The day the document's examples are written for (`info.x-examples-date`, D-73): every example date
 * is chosen relative to it (a Form 484 signed two days before). Whatever hands an example to a caller
 * moves its dates by whole days to the service's today (D-61).
 */
export const EXAMPLES_DATE = '2026-11-22';

/** `YYYY-MM-DD`, a real calendar date. */
export const IsoDate = z.iso.date().openapi({ example: '2026-11-22' });

/**
 * The zone of the service's calendar dates (spec 2.6: a monitored entity's `startsAt` and
 * `expiresAt`; Form 484's signature date). `x-date-zone` names it in the document; `x-date-today`
 * ties the date to the service's today in that zone: `on-create`, it is today in the answer that
 * created the thing; `not-after`, a request may give today but not a later date (the contract
 * runner checks both against the service clock, at hours where the zone's date is not UTC's, D-76).
 */
export const SERVICE_DATE_ZONE = 'Australia/Brisbane';

export function zonedDate(meta: { description: string; example: string }, today?: 'on-create' | 'not-after') {
  return IsoDate.openapi({ ...meta, 'x-date-zone': SERVICE_DATE_ZONE, ...(today ? { 'x-date-today': today } : {}) });
}

/** ISO 8601 date-time with a UTC offset (`Z` or `+10:00`). */
export const IsoDateTime = z.iso.datetime({ offset: true }).openapi({ example: '2026-11-22T03:00:00Z' });

/** Whole days between two `YYYY-MM-DD` dates (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Adds calendar months to a `YYYY-MM-DD` date, clamping to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

// Australia/Brisbane keeps UTC+10 all year (no daylight saving), so a fixed offset is exact: the
// calendar dates of terms and Form 484 rules, PPSR times (D-31) and business-account times (D-37).
const BRISBANE_OFFSET_MS = 10 * 3_600_000;
const DAY_MS = 86_400_000;

/** The instant moved to Brisbane wall time, read through the `toISOString` / `getUTC*` methods. */
function brisbaneWall(at: Date): Date {
  return new Date(at.getTime() + BRISBANE_OFFSET_MS);
}

/** `YYYY-MM-DD`: the Brisbane calendar date of the instant. */
export function brisbaneDate(at: Date): string {
  return brisbaneWall(at).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM:SS` in Brisbane time (business account `submittedAt`, D-37). */
export function brisbaneDateTime(at: Date): string {
  return brisbaneWall(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** `2026-11-22T13:05:12+10:00` for the instant 2026-11-22T03:05:12Z (PPSR times, D-31). */
export function brisbaneOffsetDateTime(at: Date): string {
  return `${brisbaneWall(at).toISOString().slice(0, 19)}+10:00`;
}

/** `YYMMDD` of the Brisbane calendar date (the prefix of PPSR search numbers). */
export function brisbaneYymmdd(at: Date): string {
  return brisbaneDate(at).slice(2).replaceAll('-', '');
}

/** `YYYYMMDD` of the Brisbane calendar date. */
export function brisbaneYyyymmdd(at: Date): string {
  return brisbaneDate(at).replaceAll('-', '');
}

/** The next instant at `hour`:00 Brisbane time after `now`, on `weekday` (0 Sunday) when given. */
export function nextBrisbaneTime(now: Date, hour: number, weekday?: number): Date {
  const local = brisbaneWall(now);
  const at = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - BRISBANE_OFFSET_MS);
  while (at.getTime() <= now.getTime() || (weekday !== undefined && brisbaneWall(at).getUTCDay() !== weekday))
    at.setTime(at.getTime() + DAY_MS);
  return at;
}
