// PostgreSQL's errors (pg and PGlite alike) carry a five-character SQLSTATE and a severity; drizzle
// wraps them in an error of its own whose `cause` is the driver's.

/** The SQLSTATE of a database error, looked for along its causes; undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { code, severity } = current as Error & { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
  }
  return undefined;
}

/**
 * The statement itself was refused (a data exception, class 22, or a broken constraint, class 23):
 * it changed nothing and its connection is fine. A lost connection or a server shutting down may
 * come after a commit, so it is not one of these.
 */
export function refusedByTheStatement(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('23'));
}
