// D-61: the document's examples are written for one day (`info.x-examples-date`); a form filled from
// one moves every date in it by whole days to the service's today in Brisbane, as the service's own
// /openapi.json does, so a Form 484 started from an example is accepted on any day the clock shows.
import { daysFrom, shiftExampleValue } from '@registry-svc/contract/example-dates';

/** `example` with its dates moved from `writtenFor` (the examples' day) to `today` (both `YYYY-MM-DD`). */
export function datedFor<T>(example: T, writtenFor: string, today: string): T {
  // No schema: the console's examples hold no date the document keeps fixed (console/contract-data.ts checks).
  return shiftExampleValue({}, example, undefined, daysFrom(writtenFor, today)) as T;
}
