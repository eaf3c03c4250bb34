// The ANZSIC 2006 industry classification, shipped as data (registers/data/anzsic-2006.json) rather
// than fetched: the ABS publishes it as spreadsheets, and the classification does not change between
// releases of this service. Read and checked once; it is the same for every request and process.
import { fromRoot } from '../root.js';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const ANZSIC_LEVELS = ['division', 'subdivision', 'group', 'class'] as const;
export type AnzsicLevel = (typeof ANZSIC_LEVELS)[number];

/** Code length per level: a division letter, then 2, 3 and 4 digits. */
export const ANZSIC_CODE_PATTERN: Readonly<Record<AnzsicLevel, RegExp>> = {
  division: /^[A-S]$/,
  subdivision: /^\d{2}$/,
  group: /^\d{3}$/,
  class: /^\d{4}$/,
};

const Entry = z.strictObject({
  code: z.string(),
  title: z.string().min(1),
  level: z.enum(ANZSIC_LEVELS),
  divisionCode: z.string().regex(ANZSIC_CODE_PATTERN.division),
});

const ClassificationFile = z.object({
  classification: z.string(),
  source: z.string(),
  counts: z.strictObject({ division: z.int(), subdivision: z.int(), group: z.int(), class: z.int() }),
  entries: z.array(Entry),
});

export type AnzsicEntry = z.infer<typeof Entry>;
export type AnzsicClassification = z.infer<typeof ClassificationFile>;

export const ANZSIC_FILE = fromRoot('server/registers/data/anzsic-2006.json');

let loaded: AnzsicClassification | undefined;

/** The whole classification, in its own order: each division followed by its descendants. */
export function loadAnzsicClassification(): AnzsicClassification {
  loaded ??= ClassificationFile.parse(JSON.parse(readFileSync(ANZSIC_FILE, 'utf8')));
  return loaded;
}
