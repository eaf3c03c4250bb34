// One way to write a time and a count across the console. Times are service-clock instants written in
// UTC with the zone (`2026-11-22 03:00:00 UTC`), whatever form the API gave them in (UTC, an offset,
// or the Australia/Brisbane local time of business accounts, D-37).

function utc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** An ISO 8601 instant (any offset) as `YYYY-MM-DD HH:MM:SS UTC`; `-` when absent. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : utc(date);
}

/** A business account's `YYYY-MM-DD HH:MM:SS` Australia/Brisbane time (UTC+10 all year, D-37) in the same form. */
export function whenBrisbane(local: string | null | undefined): string {
  return local ? when(`${local.replace(' ', 'T')}+10:00`) : '-';
}

/** `1 attempt`, `2 attempts`; `plural` when adding an s is wrong. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** Today's date in Australia/Brisbane at a service-clock instant: the day Form 484 dates are judged by. */
export function brisbaneDate(iso: string): string {
  return new Date(Date.parse(iso) + 10 * 3600_000).toISOString().slice(0, 10);
}
