// What a monitoring verb needs: the dependencies it reads and who is calling. Building it from the
// request context is the handler's only job.
import type { AppDeps } from '../../deps.js';
import type { Caller } from '../caller.js';
import { DomainError } from '../errors.js';
import { RegisterUnavailableError } from '../../registers/errors.js';
import type { Registers } from '../../registers/index.js';

export interface MonitoringCtx extends Pick<AppDeps, 'db' | 'clock' | 'registers'> {
  caller: Caller;
}

export type JobDeps = Pick<AppDeps, 'db' | 'clock' | 'registers' | 'logger' | 'config'>;

/** Runs register reads; an unreachable register is 503 `registry_unavailable` with Retry-After (spec 7). */
export async function readRegisters<T>(deps: Pick<AppDeps, 'registers'>, read: (registers: Registers) => Promise<T>): Promise<T> {
  try {
    return await read(deps.registers);
  } catch (error) {
    if (error instanceof RegisterUnavailableError)
      throw new DomainError(
        'registry_unavailable',
        `The ${error.system} register cannot be reached. Nothing was charged; retry after the number of seconds in Retry-After.`,
        { retryAfter: error.retryAfterSeconds },
      );
    throw error;
  }
}
