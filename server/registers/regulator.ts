// The simulated corporate regulator (sandbox.md "Lodgements"): how a lodgement it receives is
// decided. Magic names are data here, not `if` branches in handlers, so the docs, the sandbox guide and
// the simulation read the same table. A real adapter would replace this file's decisions with the
// regulator's own answers.
import { foldName } from '../../schemas/common/names.js';

/** What the regulator finally does with a lodgement after it is `submitted`. */
export type RegulatorOutcome = 'finished' | 'manual review then finished' | 'rejected';

/**
 * Checked in order against the entity (or company) name; the first match wins. Upper case as the
 * registers store names; matching folds the name (D-57) so a demo typed in lower case still works.
 */
export const REGULATOR_MAGIC_NAMES: readonly { contains: string; outcome: RegulatorOutcome }[] = [
  { contains: 'MANUAL REVIEW', outcome: 'manual review then finished' },
  { contains: 'REJECT', outcome: 'rejected' },
];

export function regulatorOutcome(name: string | null): RegulatorOutcome {
  const upper = foldName(name ?? '');
  return REGULATOR_MAGIC_NAMES.find((magic) => upper.includes(magic.contains))?.outcome ?? 'finished';
}

/** The statuses a lodgement passes through after `new`, in order, for a given name. */
export function regulatorPath(name: string | null): readonly ('submitted' | 'manual review' | 'finished' | 'rejected')[] {
  switch (regulatorOutcome(name)) {
    case 'manual review then finished':
      return ['submitted', 'manual review', 'finished'];
    case 'rejected':
      return ['submitted', 'rejected'];
    case 'finished':
      return ['submitted', 'finished'];
  }
}
