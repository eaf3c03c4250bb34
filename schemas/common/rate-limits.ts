// D-42 rate limits: one table for the document (each operation's description and 429) and the
// server's limiter (server/http/rate-limit.ts), so the two cannot drift apart.

export type RateLimitClass = 'helpers' | 'lodgements' | 'monitoring' | 'cli';

/** Whose budget a request counts against: the key, the account, or the account and the client IP apart. */
export type RateLimitScope = 'key' | 'account' | 'account-and-ip';

export interface RateLimitRule {
  /** Requests per one-minute window (times SVC_RATE_LIMIT_MULTIPLIER on the server). */
  perMinute: number;
  scope: RateLimitScope;
}

export const RATE_LIMIT_CLASSES: Readonly<Record<RateLimitClass, RateLimitRule>> = {
  helpers: { perMinute: 1200, scope: 'key' },
  lodgements: { perMinute: 600, scope: 'account' },
  monitoring: { perMinute: 60, scope: 'account-and-ip' },
  // D-80: the command line's own budget, so a listener's polls and reports never use the account's.
  cli: { perMinute: 1200, scope: 'key' },
};

/** The class in the document's words, e.g. `1,200 requests per minute per key`. */
export function describeRateLimit(kind: RateLimitClass): string {
  const { perMinute, scope } = RATE_LIMIT_CLASSES[kind];
  const count = perMinute.toLocaleString('en-US');
  switch (scope) {
    case 'key':
      return `${count} requests per minute per key`;
    case 'account':
      return `${count} requests per minute per account`;
    case 'account-and-ip':
      return `${count} requests per minute per account and, separately, ${count} per minute per client IP`;
  }
}
