// What PPSR verbs need: the store, the clock, the settings, and for public verbs who is calling and
// under which prefix (certificate URLs point at the prefix the caller used, V1 included).
import type { AppDeps } from '../../deps.js';
import type { Caller } from '../caller.js';
import type { Database } from '../../store/db.js';
import { createAbnOverrides } from '../../registers/abr/abn-overrides.js';
import { createSimulatedAbnRegister } from '../../registers/abr/simulated-abn-register.js';
import { createCompanyOverrides } from '../../registers/asic/company-overrides.js';
import { createSimulatedCompanyRegister } from '../../registers/asic/simulated-company-register.js';
import { createSimulatedPpsr, type SimulatedPpsr } from '../../registers/ppsr/simulated-ppsr.js';

export type PpsrDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'registers'>;

export interface PpsrCallerContext extends PpsrDeps {
  caller: Caller;
  /** Path prefix of the request (`/api/test/v2`). */
  prefix: string;
}

/**
 * The simulated PPSR bound to one connection, for the operator's additions: they run inside a
 * transaction (with the alert events they cause), and PGlite's one connection is the transaction's
 * then, so the registers wired in `ctx.registers` cannot be read until it ends.
 */
export function ppsrRegisterOf(db: Database, config?: Pick<AppDeps['config'], 'SVC_SANDBOX_PPSR_DELAY_MS'>): SimulatedPpsr {
  return createSimulatedPpsr(
    db,
    {
      companies: createSimulatedCompanyRegister(createCompanyOverrides(db)),
      abns: createSimulatedAbnRegister(createAbnOverrides(db)),
    },
    { answerDelayMs: config?.SVC_SANDBOX_PPSR_DELAY_MS ?? 0 },
  );
}
