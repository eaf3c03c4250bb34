// The service clock as the pages read it: every time the console writes into a request (a registration's
// start, a Form 484 signature date) is the service's, never the browser's.
import { useQuery } from '@tanstack/react-query';
import { getClock } from '../../generated/admin-client/index.js';
import { operator } from './api.js';
import { must } from './errors.js';

export function useServiceClock() {
  return useQuery({ queryKey: ['clock'], queryFn: () => must(getClock({ client: operator })) });
}

/** The service time now, without milliseconds, as the register operations take it. */
export async function serviceNow(): Promise<string> {
  const { now } = await must(getClock({ client: operator }));
  return new Date(now).toISOString().replace(/\.\d+Z$/, 'Z');
}
