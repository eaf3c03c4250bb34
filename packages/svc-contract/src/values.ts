// Edge values for one schema node: valid boundaries (min/max lengths, enum members, min/max numbers
// and item counts) and invalid neighbours (just over a bound, a broken pattern or format, the wrong
// type, null, a value outside the enum). Each comes with a label used in reports. Invalid values
// change one thing about a valid base value where they can, so a failure points at one constraint.
import fc from 'fast-check';
import { brokenFormat } from './formats.js';
import { typeAllowed, type SchemaView } from './schema-view.js';

export interface LabelledValue {
  label: string;
  value: unknown;
}

export interface ValueOptions {
  /** Longest string (or array) a boundary may build; longer limits are not probed. */
  maxBoundaryLength: number;
  seed: number;
}

const FILLERS = ['A', 'a', '1', 'X', '0', ' ', 'Z', 'b'];

/**
 * Ten strings of a pattern, by seed and pattern: fast-check gives the same ones for the same seed, and
 * the document repeats its patterns on many nodes, where building the pattern's arbitrary anew each
 * time (all of Unicode for a negated class) was most of fitLength's time. A few short strings each,
 * and emptied past a bound: a long-lived process (the server's conformance runs) meets new seeds.
 */
const samples = new Map<string, string[]>();
const MOST_SAMPLED = 512;
function patternSamples(pattern: string, seed: number): string[] {
  const key = `${seed} ${pattern}`;
  let found = samples.get(key);
  if (!found) {
    found = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed, numRuns: 10 });
    if (samples.size >= MOST_SAMPLED) samples.clear();
    samples.set(key, found);
  }
  return found;
}

/** A string of exactly `length` characters close to `base` that keeps the pattern and format when possible. */
export function fitLength(view: SchemaView, base: string, length: number, options: ValueOptions): string | undefined {
  if (length < 0 || length > options.maxBoundaryLength) return undefined;
  if (base.length === length) return base;
  const regex = view.pattern ? new RegExp(view.pattern) : undefined;
  const fits = (candidate: string) => candidate.length === length && (!regex || regex.test(candidate));
  if (view.format === 'email') {
    const domain = '@example.com';
    return length > domain.length ? `${'a'.repeat(length - domain.length)}${domain}` : undefined;
  }
  if (view.format === 'uri') {
    const prefix = 'https://example.com/';
    return length >= prefix.length ? `${prefix}${'a'.repeat(length - prefix.length)}` : undefined;
  }
  if (view.format) return undefined;
  if (base.length > length) {
    const cut = base.slice(0, length);
    return fits(cut) ? cut : undefined;
  }
  const seeds = [base, ...(regex && view.pattern ? patternSamples(view.pattern, options.seed) : [])];
  for (const start of seeds) {
    if (start.length > length) continue;
    for (const filler of [start.slice(-1), ...FILLERS]) {
      if (!filler) continue;
      const candidate = `${start}${filler.repeat(length - start.length)}`;
      if (fits(candidate)) return candidate;
    }
  }
  return undefined;
}

function wrongTypes(view: SchemaView, inParameter: boolean): LabelledValue[] {
  if (inParameter) {
    // A parameter travels as text: only number and boolean parameters have a wrong type.
    if (view.types.includes('integer') || view.types.includes('number')) return [{ label: 'not a number', value: 'not-a-number' }];
    if (view.types.includes('boolean')) return [{ label: 'not a boolean', value: 'maybe' }];
    return [];
  }
  const candidates: LabelledValue[] = [
    { label: 'wrong type (number)', value: 12345 },
    { label: 'wrong type (string)', value: 'not-the-right-type' },
    { label: 'wrong type (object)', value: { unexpected: true } },
    { label: 'wrong type (array)', value: ['unexpected'] },
    { label: 'wrong type (boolean)', value: true },
  ];
  const out = candidates.filter((c) => view.types.length > 0 && !typeAllowed(view, c.value)).slice(0, 2);
  if (view.types.length > 0 && !view.types.includes('null')) out.push({ label: 'null', value: null });
  return out;
}

function stringBoundaries(view: SchemaView, base: string, options: ValueOptions): { valid: LabelledValue[]; invalid: LabelledValue[] } {
  const valid: LabelledValue[] = [];
  const invalid: LabelledValue[] = [];
  const min = view.minLength ?? 0;
  const atMin = fitLength(view, base, min, options);
  if (atMin !== undefined) valid.push({ label: `length ${min} (minLength)`, value: atMin });
  if (view.maxLength !== undefined) {
    const atMax = fitLength(view, base, view.maxLength, options);
    if (atMax !== undefined) valid.push({ label: `length ${view.maxLength} (maxLength)`, value: atMax });
    const over = fitLength({ ...view, pattern: view.pattern, format: view.format }, base, view.maxLength + 1, options);
    if (over !== undefined) invalid.push({ label: `length ${view.maxLength + 1} (maxLength + 1)`, value: over });
  }
  if (min > 0) {
    const under = fitLength(view, base, min - 1, options) ?? (min === 1 ? '' : undefined);
    if (under !== undefined) invalid.push({ label: `length ${min - 1} (minLength - 1)`, value: under });
  }
  if (view.pattern) {
    const regex = new RegExp(view.pattern);
    const candidates = [`${base}!`, `!${base}`, `${base.slice(0, -1)}~`, `${base}a`, `${base} `, `é${base}`];
    const broken =
      candidates.find((c) => !regex.test(c) && c.length <= (view.maxLength ?? Infinity)) ?? candidates.find((c) => !regex.test(c));
    if (broken !== undefined) invalid.push({ label: `pattern ${view.pattern} broken`, value: broken });
  }
  if (view.format) {
    const broken = brokenFormat(view.format, base);
    if (broken !== undefined) invalid.push({ label: `format ${view.format} broken`, value: broken });
    if (view.format === 'date') valid.push({ label: 'leap day', value: '2028-02-29' });
  }
  return { valid, invalid };
}

function numberBoundaries(view: SchemaView): { valid: LabelledValue[]; invalid: LabelledValue[] } {
  const integer = view.types.includes('integer') && !view.types.includes('number');
  const step = integer ? 1 : 0.5;
  const valid: LabelledValue[] = [];
  const invalid: LabelledValue[] = [];
  if (view.minimum !== undefined) {
    valid.push({ label: `${view.minimum} (minimum)`, value: view.minimum });
    invalid.push({ label: `${view.minimum - step} (minimum - ${step})`, value: view.minimum - step });
  }
  if (view.maximum !== undefined) {
    valid.push({ label: `${view.maximum} (maximum)`, value: view.maximum });
    invalid.push({ label: `${view.maximum + step} (maximum + ${step})`, value: view.maximum + step });
  }
  if (view.exclusiveMinimum !== undefined)
    invalid.push({ label: `${view.exclusiveMinimum} (exclusiveMinimum)`, value: view.exclusiveMinimum });
  if (view.exclusiveMaximum !== undefined)
    invalid.push({ label: `${view.exclusiveMaximum} (exclusiveMaximum)`, value: view.exclusiveMaximum });
  if (integer) invalid.push({ label: 'not an integer (1.5)', value: 1.5 });
  return { valid, invalid };
}

/** Valid boundary values and invalid neighbours for a node, given a valid base value of it. */
export function edgeValues(
  view: SchemaView,
  base: unknown,
  options: ValueOptions & { inParameter: boolean; inPath?: boolean },
): { valid: LabelledValue[]; invalid: LabelledValue[] } {
  const valid: LabelledValue[] = [];
  const invalid: LabelledValue[] = [...wrongTypes(view, options.inParameter)];
  if (view.hasConst) return { valid, invalid };
  if (view.enum && view.enum.length > 0) {
    for (const member of view.enum) valid.push({ label: `enum member ${JSON.stringify(member)}`, value: member });
    if (view.enum.every((m) => typeof m === 'string')) {
      invalid.push({ label: 'not an enum member', value: 'NOT_A_MEMBER' });
      // The edges of an enum: a member in another case, and with a trailing space (a server that
      // normalises either accepts what the document refuses).
      const members = view.enum as string[];
      const first = members.find((m) => /[a-z]/i.test(m));
      const recased = first === undefined ? undefined : first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
      if (recased !== undefined && !members.includes(recased)) invalid.push({ label: 'enum member in another case', value: recased });
      if (first !== undefined && !members.includes(`${first} `))
        invalid.push({ label: 'enum member with a trailing space', value: `${first} ` });
    }
    return { valid, invalid };
  }
  if (view.types.includes('null') && base !== null) valid.push({ label: 'null', value: null });
  if (view.types.includes('boolean')) valid.push({ label: 'true', value: true }, { label: 'false', value: false });
  if (typeof base === 'string') {
    const edges = stringBoundaries(view, base, options);
    const keep = (edge: LabelledValue) => !(options.inPath && edge.value === '');
    valid.push(...edges.valid.filter(keep));
    invalid.push(...edges.invalid.filter(keep));
  }
  if (view.types.includes('integer') || view.types.includes('number')) {
    const edges = numberBoundaries(view);
    valid.push(...edges.valid);
    invalid.push(...edges.invalid);
  }
  if (Array.isArray(base)) {
    const first = base[0];
    const min = view.minItems ?? 0;
    if (min > 0) invalid.push({ label: `${min - 1} items (minItems - 1)`, value: base.slice(0, min - 1) });
    if (first !== undefined && view.maxItems !== undefined && view.maxItems <= options.maxBoundaryLength) {
      valid.push({ label: `${view.maxItems} items (maxItems)`, value: Array.from({ length: view.maxItems }, (_, i) => base[i] ?? first) });
      invalid.push({
        label: `${view.maxItems + 1} items (maxItems + 1)`,
        value: Array.from({ length: view.maxItems + 1 }, (_, i) => base[i] ?? first),
      });
    }
    if (min === 0 && base.length > 0) valid.push({ label: 'no items', value: [] });
  }
  return { valid, invalid };
}
