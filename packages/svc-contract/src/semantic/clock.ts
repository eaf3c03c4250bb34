// The service's clock, for dates the document says are "today" in a zone. With an operator token
// the runner asks the service (GET /admin/clock: a manual clock is far from the wall clock); without
// one it takes the answer's own `Date` header, which a real-clock server sets from the same clock.
import { sendRequest } from '../http.js';
import type { ApiResponse } from '../types.js';

export interface ServiceClock {
  /** The service's time now, or undefined when it cannot be read. */
  now(answer?: ApiResponse): Promise<Date | undefined>;
}

export function serviceClock(baseUrl: string, adminToken: string | undefined, timeoutMs: number): ServiceClock {
  const origin = new URL(baseUrl).origin;
  return {
    async now(answer) {
      if (adminToken) {
        const response = await sendRequest(
          { operationId: 'getClock', method: 'GET', url: `${origin}/admin/clock`, headers: { Authorization: `Bearer ${adminToken}` } },
          timeoutMs,
        );
        const now = response.status === 200 ? (JSON.parse(response.bodyText) as { now?: unknown }).now : undefined;
        if (typeof now === 'string' && !Number.isNaN(Date.parse(now))) return new Date(now);
      }
      const header = answer?.headers.date;
      return header && !Number.isNaN(Date.parse(header)) ? new Date(header) : undefined;
    },
  };
}

/** `YYYY-MM-DD`: the calendar date of an instant in an IANA zone. */
export function dateInZone(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from `a` to `b`, both `YYYY-MM-DD`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** `date` plus calendar months, clamped to the month's last day (31 January + 1 month is 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}
