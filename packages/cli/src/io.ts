// What a command reads and writes, passed in so the unit tests run commands without a process.
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** The whole of standard input (`--data -`). */
  readStdin: () => Promise<string>;
  /** Resolves when the user interrupts (Ctrl-C): long-running commands end cleanly. */
  interrupted: AbortSignal;
  /** The package's version (`svc --version`). */
  version: string;
  /** Waits between reconnects; resolves early when interrupted (tests pass one that does not wait). */
  pause: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Bad input: one line on stderr, exit code 2 (the command line's usage errors). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The service answered an error or could not be reached: exit code 1. */
export class CallFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallFailed';
  }
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
