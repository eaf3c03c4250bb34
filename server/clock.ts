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

/** The Brisbane calendar date of an instant, for the verbs that read it beside the clock (schemas/common/dates.ts). */
export { brisbaneDate } from '../schemas/common/dates.js';
