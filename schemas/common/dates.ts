import { z } from './zod.js';

/** `YYYY-MM-DD`, a real calendar date. */
export const IsoDate = z.iso.date().openapi({ example: '2026-11-22' });

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
