// What each check needs beyond the run's key, so a run that lacks it can say which checks it could
// not run and why (instead of a quiet `·`). A check absent here runs with a key alone.
import type { CheckName } from './types.js';

export type CheckNeed =
  /** `--admin-token`: the operator API (second account, clock, ledger, received webhooks). */
  | 'admin-token'
  /** A manual service clock (`SVC_CLOCK=manual`), moved through the operator API. */
  | 'manual-clock'
  /** A test prefix base URL: the sandbox's test-only operations (simulate) and free test work. */
  | 'test-prefix'
  /** Another account's key: `--other-key`, or made with `--admin-token`. */
  | 'other-account';

export interface CheckRequirement {
  needs: CheckNeed[];
  /** Why, in a few words, for the skip line. */
  why: string;
}

export const CHECK_NEEDS: Partial<Record<CheckName, CheckRequirement>> = {
  account_isolation: { needs: ['other-account'], why: "another account's key tries account A's ids" },
  webhook_conformance: { needs: ['admin-token', 'test-prefix'], why: 'reads what the built-in receiver got through the operator API' },
  cursor_consistency: { needs: ['test-prefix'], why: 'makes monitoring events with the test-only simulate operation' },
  zoned_day_boundary: {
    needs: ['admin-token', 'manual-clock', 'test-prefix'],
    why: "moves the service clock into the hours where Brisbane's date is not UTC's",
  },
  retry_schedule: {
    needs: ['admin-token', 'manual-clock', 'test-prefix'],
    why: 'moves the service clock through the whole retry schedule of a failing endpoint',
  },
  ledger_charges: { needs: ['admin-token'], why: "reads the account's charges and uses its live key" },
};

/** The checks a run without these can not run, with the reason. */
export function checksLacking(available: Set<CheckNeed>): { check: CheckName; reason: string }[] {
  return Object.entries(CHECK_NEEDS).flatMap(([check, requirement]) => {
    const missing = requirement.needs.filter((need) => !available.has(need));
    return missing.length === 0 ? [] : [{ check: check as CheckName, reason: `needs ${missing.join(', ')}: ${requirement.why}` }];
  });
}
