// The instant a mutant run's manual clock starts at: 01:00 in Brisbane on the day the document's
// examples are written for (their Form 484 dates and terms stay right), while UTC is still on the
// day before, so a Brisbane date computed in UTC differs from the right one in every answer.
import { EXAMPLES_TODAY } from '../../schemas/form484/examples.js';

const DAY_MS = 86_400_000;

export const MUTANT_CLOCK_START = new Date(Date.parse(`${EXAMPLES_TODAY}T15:00:00Z`) - DAY_MS).toISOString();
