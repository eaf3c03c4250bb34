// The PPSR states times in Australian Eastern Standard Time. Brisbane keeps UTC+10 all year (no
// daylight saving), so a fixed offset is exact there and D-31's "date-time with offset" holds.
const OFFSET_MS = 10 * 3600_000;

/** `2026-11-22T13:05:12+10:00` for the instant 2026-11-22T03:05:12Z. */
export function brisbaneDateTime(at: Date): string {
  return `${new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19)}+10:00`;
}

/** `YYMMDD` of the Brisbane calendar date (the prefix of PPSR search numbers). */
export function brisbaneYymmdd(at: Date): string {
  const iso = new Date(at.getTime() + OFFSET_MS).toISOString();
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

/** `YYYYMMDD` of the Brisbane calendar date. */
export function brisbaneYyyymmdd(at: Date): string {
  return `20${brisbaneYymmdd(at)}`;
}
