// The one durable job of the simulated regulator (sandbox.md "Clock and jobs": regulator progress).
// Its steps move the lodgements of D-36 and Form 484s alike; a Form 484 step says so in its payload.
import type { JobName } from '../../../schemas/admin/clock.js';

export const REGULATOR_PROGRESS_JOB = 'regulator-progress' satisfies JobName;
