// The one source of time. Tests and demos use the manual clock, which stands still until moved.
export interface Clock {
  readonly mode: 'real' | 'manual';
  now(): Date;
}

export class RealClock implements Clock {
  readonly mode = 'real' as const;
  now(): Date {
    return new Date();
  }
}

export class ManualClock implements Clock {
  readonly mode = 'manual' as const;
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves time forward; never backwards, so due jobs and expiry stay monotonic. */
  advance(seconds: number): Date {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new RangeError('seconds must be positive');
    this.current += seconds * 1000;
    return this.now();
  }

  set(to: Date): void {
    if (to.getTime() < this.current) throw new RangeError('the manual clock cannot go back');
    this.current = to.getTime();
  }
}

/** Australia/Brisbane is UTC+10 all year (no daylight saving): calendar dates of terms use it. */
export function brisbaneDate(instant: Date): string {
  return new Date(instant.getTime() + 10 * 3600_000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:MM:SS` in Brisbane time (business account `submittedAt`, D-37). */
export function brisbaneDateTime(instant: Date): string {
  return new Date(instant.getTime() + 10 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
