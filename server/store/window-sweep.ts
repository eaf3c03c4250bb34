// Which in-process counter entries a new rate-limit window lets go. Per namespace (a bucket's name up
// to its first ':'), because budgets may follow different clocks: the rate limits the service clock,
// the bad-credential budget real time (D-52). A new window of one must not drop the current window
// of another.

export function namespaceOf(bucket: string): string {
  return bucket.slice(0, Math.max(0, bucket.indexOf(':')));
}

/**
 * Tells, for a bucket's window start, whether it begins a later window than its namespace has seen:
 * then it answers the namespace, whose entries whose window ended by `start` are to be dropped.
 */
export function windowSweeper(): (bucket: string, start: number) => string | undefined {
  const latestWindowStart = new Map<string, number>();
  return (bucket, start) => {
    const namespace = namespaceOf(bucket);
    if (start <= (latestWindowStart.get(namespace) ?? 0)) return undefined;
    latestWindowStart.set(namespace, start);
    return namespace;
  };
}
