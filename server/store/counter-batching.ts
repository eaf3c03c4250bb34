// Increments of one counter that arrive while its previous statement is still out are sent as one:
// `count + n`, and the n callers take the n counts it covered, in their order of arrival. The limit
// stays exact across processes (each count is handed to exactly one caller, and the shared store
// still decides every one of them), while a busy key costs one round trip per batch instead of one
// per request. Concurrent upserts of one row wait on its row lock anyway, so sending them one by one
// bought no parallelism.

/** Adds n to the bucket's counter for the window; resolves to the new count. */
export type IncrementBy = (bucket: string, windowStart: Date, windowMs: number, n: number) => Promise<number>;

interface Waiting {
  resolve: (count: number) => void;
  reject: (error: unknown) => void;
}

interface Line {
  bucket: string;
  windowStart: Date;
  windowMs: number;
  waiting: Waiting[];
}

/** One increment at a time per counter; the ones that wait meanwhile go together. */
export function batchIncrements(incrementBy: IncrementBy): (bucket: string, windowStart: Date, windowMs: number) => Promise<number> {
  const lines = new Map<string, Line>();

  const drain = async (key: string, line: Line): Promise<void> => {
    while (line.waiting.length > 0) {
      const batch = line.waiting.splice(0);
      try {
        const total = await incrementBy(line.bucket, line.windowStart, line.windowMs, batch.length);
        const first = total - batch.length + 1;
        batch.forEach((waiting, index) => waiting.resolve(first + index));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    lines.delete(key);
  };

  return (bucket, windowStart, windowMs) =>
    new Promise<number>((resolve, reject) => {
      const key = `${windowStart.getTime()} ${bucket}`;
      const line = lines.get(key);
      if (line) {
        line.waiting.push({ resolve, reject });
        return;
      }
      const started: Line = { bucket, windowStart, windowMs, waiting: [{ resolve, reject }] };
      lines.set(key, started);
      void drain(key, started);
    });
}
