// JSON Schema -> fast-check arbitrary of values meant to be valid, for the keywords the document uses
// (type and type arrays, properties/required/additionalProperties, items/minItems/maxItems, enum,
// const, minLength/maxLength, pattern, formats, minimum/maximum, oneOf/anyOf, allOf via the view, and
// the `if`/`then`/`else` forms the document writes).
// Values are kept small so a request stays cheap; validity is still confirmed by Ajv afterwards,
// because a few combinations (oneOf branches that overlap, patterns with lengths) can miss.
import fc from 'fast-check';
import { makeAbn, makeAcn } from './formats.js';
import { throughBranch, type Conditional, type SchemaView, type SchemaViews } from './schema-view.js';

export interface ArbitraryOptions {
  /** Longest string generated where the schema allows more (boundaries are the coverage phase's job). */
  maxStringLength: number;
  /** Most array items generated beyond minItems. */
  maxExtraItems: number;
  /** Deeper object nesting than this uses only required properties. */
  maxDepth: number;
}

export const DEFAULT_ARBITRARY_OPTIONS: ArbitraryOptions = { maxStringLength: 24, maxExtraItems: 2, maxDepth: 6 };

// RFC 2606 reserved names: generated URLs and e-mail addresses never name a real third party.
const RESERVED_HOSTS = ['example.com', 'hooks.example.com', 'example.org', 'api.example.net'];

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const pad2 = (n: number) => String(n).padStart(2, '0');

function dateArbitrary(): fc.Arbitrary<Date> {
  return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });
}

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'acn':
      return digits(8).map(makeAcn);
    case 'abn':
      return digits(9).map(makeAbn);
    case 'date':
      return dateArbitrary().map((d) => `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`);
    case 'date-time':
      return dateArbitrary().map((d) => d.toISOString().replace('.000Z', 'Z'));
    case 'email':
      return fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.constantFrom(...RESERVED_HOSTS))
        .map(([local, host]) => `${local.replace(/\.\.+/g, '.')}@${host}`);
    case 'uri':
      return fc
        .tuple(fc.constantFrom(...RESERVED_HOSTS), fc.stringMatching(/^[a-z0-9-]{0,12}$/))
        .map(([host, path]) => `https://${host}/${path}`);
    default:
      return undefined;
  }
}

function withinLength(view: SchemaView, value: string): boolean {
  return value.length >= (view.minLength ?? 0) && (view.maxLength === undefined || value.length <= view.maxLength);
}

/**
 * The unconstrained arbitrary of a string node (its format's, its pattern's, or plain text of its
 * lengths), built once per builder for each distinct one: the document repeats a few patterns on
 * many nodes (`^[^a-z]*$` on 25), and building fast-check's `stringMatching` of a negated class maps
 * all of Unicode's code points again each time (two fifths of a small run's CPU before). An arbitrary
 * is a pure description, so the shared one yields the same values.
 */
function stringBase(view: SchemaView, options: ArbitraryOptions, bases: Map<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const once = (key: string, make: () => fc.Arbitrary<string>): fc.Arbitrary<string> => {
    let base = bases.get(key);
    if (!base) {
      base = make();
      bases.set(key, base);
    }
    return base;
  };
  if (view.format) {
    const formatted = bases.get(`format ${view.format}`) ?? formatArbitrary(view.format);
    if (formatted) return once(`format ${view.format}`, () => formatted);
  }
  const pattern = view.pattern;
  if (pattern) return once(`pattern ${pattern}`, () => fc.stringMatching(new RegExp(pattern)));
  const minLength = view.minLength ?? 0;
  const maxLength = Math.max(
    minLength,
    Math.min(view.maxLength ?? minLength + options.maxStringLength, minLength + options.maxStringLength),
  );
  return once(`length ${minLength} ${maxLength}`, () => fc.string({ minLength, maxLength }));
}

function stringArbitrary(
  view: SchemaView,
  options: ArbitraryOptions,
  fallback: string | undefined,
  bases: Map<string, fc.Arbitrary<string>>,
): fc.Arbitrary<string> {
  const regex = view.pattern ? new RegExp(view.pattern) : undefined;
  const base = stringBase(view, options, bases);
  const ok = (value: string) => withinLength(view, value) && (!regex || regex.test(value));
  // A pattern's value shorter than the node's minLength (an empty match of `^[...]*$`, Form 484's
  // annexure text) with no example to fall back on: two matches joined are tried before giving up.
  if (regex && (view.minLength ?? 0) > 0 && fallback === undefined)
    return fc.tuple(base, base).map(([value, more]) => (ok(value) || !ok(value + more) ? value : value + more));
  // A format value must also satisfy the pattern and lengths; when it does not, use a known-good value
  // rather than filtering (a filter that rarely passes would spin).
  return base.map((value) => (ok(value) || fallback === undefined ? value : fallback));
}

function numberArbitrary(view: SchemaView, integer: boolean): fc.Arbitrary<number> {
  const low = view.exclusiveMinimum !== undefined ? view.exclusiveMinimum + (integer ? 1 : Number.EPSILON * 16) : view.minimum;
  const high = view.exclusiveMaximum !== undefined ? view.exclusiveMaximum - (integer ? 1 : Number.EPSILON * 16) : view.maximum;
  if (integer) {
    // Unbounded ends stay within 32-bit integers, the range every store holds.
    const min = low !== undefined ? Math.ceil(low) : -(2 ** 31);
    const max = high !== undefined ? Math.floor(high) : 2 ** 31 - 1;
    return fc.integer({ min, max: Math.max(min, max) });
  }
  return fc.double({ min: low ?? -1e9, max: high ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

type JsonObject = Record<string, unknown>;

/** Whether `value` meets an `if` of the form the document writes: required names and `const` values. */
function meets(condition: JsonObject, value: JsonObject): boolean {
  const required = Array.isArray(condition.required) ? condition.required.map(String) : [];
  if (!required.every((name) => name in value)) return false;
  const properties = (condition.properties ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).every(([name, schema]) => !(name in value) || !('const' in schema) || value[name] === schema.const);
}

/**
 * `value` made to meet its object's `if`/`then`/`else`: the names the chosen branch requires are taken
 * from `spare` (a value of every property), and of the names its `not` requires together, the last is
 * dropped (Form 484: an occupier when the office is not occupied, one kind of holding owner).
 */
function meetConditional(conditional: Conditional, value: JsonObject, spare: JsonObject): JsonObject {
  const branch = meets(conditional.if, value) ? conditional.then : conditional.else;
  if (!branch) return value;
  const out = { ...value };
  for (const name of Array.isArray(branch.required) ? branch.required.map(String) : [])
    if (!(name in out) && name in spare) out[name] = spare[name];
  const forbidden = (branch.not as JsonObject | undefined)?.required;
  if (Array.isArray(forbidden) && forbidden.length > 0 && forbidden.every((name) => String(name) in out))
    delete out[String(forbidden[forbidden.length - 1])];
  return out;
}

export class ArbitraryBuilder {
  /**
   * Each arbitrary built once per node and depth. An arbitrary is a pure description (a value comes
   * from the random source a sample is given), so one built earlier yields the same values, and the
   * phases sample the same nodes thousands of times a run: building fast-check's string arbitraries
   * again each time (stringMatching, string) was a third of the runner's CPU.
   */
  private readonly built = new Map<string, fc.Arbitrary<unknown>>();
  /** The string nodes' unconstrained arbitraries, by what they are made of (stringBase). */
  private readonly stringBases = new Map<string, fc.Arbitrary<string>>();

  constructor(
    private readonly views: SchemaViews,
    private readonly options: ArbitraryOptions = DEFAULT_ARBITRARY_OPTIONS,
  ) {}

  /** Values meant to be valid for the schema at `pointer`. */
  valid(pointer: string, depth = 0): fc.Arbitrary<unknown> {
    const key = `${depth} ${pointer}`;
    let arbitrary = this.built.get(key);
    if (!arbitrary) {
      arbitrary = this.build(pointer, depth);
      this.built.set(key, arbitrary);
    }
    return arbitrary;
  }

  private build(pointer: string, depth: number): fc.Arbitrary<unknown> {
    const view = this.views.at(pointer);
    // A recursive schema would otherwise build arbitraries forever.
    if (depth > this.options.maxDepth * 3) return fc.constant(view.examples[0] ?? null);
    const generated = this.generated(view, depth);
    // The document's own example of this node is a realistic value (often a sandbox magic value that
    // the simulated registers know), so it is offered a quarter of the time.
    const example = view.examples[0];
    return example !== undefined
      ? fc.oneof({ weight: 3, arbitrary: generated }, { weight: 1, arbitrary: fc.constant(example) })
      : generated;
  }

  private generated(view: SchemaView, depth: number): fc.Arbitrary<unknown> {
    if (view.hasConst) return fc.constant(view.const);
    if (view.enum && view.enum.length > 0) return fc.constantFrom(...view.enum);
    const branches = view.oneOf.length > 0 ? view.oneOf : view.anyOf;
    if (branches.length > 0 && Object.keys(view.properties).length > 0) {
      // Properties beside the branches: the branches constrain them (which are required), so
      // generate the node's own object through each branch in turn.
      return fc.oneof(...branches.map((branch) => this.objectArbitrary(throughBranch(view, this.views.at(branch)), depth)));
    }
    if (branches.length > 0) return fc.oneof(...branches.map((branch) => this.valid(branch, depth + 1)));
    const types = view.types.length > 0 ? view.types : ['string'];
    const arbitraries = types.map((type) => this.ofType(view, type, depth));
    return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
  }

  private ofType(view: SchemaView, type: string, depth: number): fc.Arbitrary<unknown> {
    const fallback = view.examples.find((e): e is string => typeof e === 'string');
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return numberArbitrary(view, true);
      case 'number':
        return numberArbitrary(view, false);
      case 'string':
        return stringArbitrary(view, this.options, fallback, this.stringBases);
      case 'array':
        return this.arrayArbitrary(view, depth);
      case 'object':
        return this.objectArbitrary(view, depth);
      default:
        return fc.constant(null);
    }
  }

  private arrayArbitrary(view: SchemaView, depth: number): fc.Arbitrary<unknown[]> {
    const minLength = view.minItems ?? 0;
    const maxLength = Math.max(
      minLength,
      Math.min(view.maxItems ?? minLength + this.options.maxExtraItems, minLength + this.options.maxExtraItems),
    );
    if (!view.items) return fc.constant([]);
    return fc.array(this.valid(view.items, depth + 1), { minLength, maxLength });
  }

  private objectArbitrary(view: SchemaView, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const names = Object.keys(view.properties);
    const required = names.filter((name) => view.required.includes(name));
    const chosen = depth >= this.options.maxDepth ? required : names;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of chosen) model[name] = this.valid(view.properties[name]!, depth + 1);
    const record = fc.record(model, { requiredKeys: required.filter((name) => name in model) });
    const conditional = view.conditional;
    if (!conditional) return record;
    const every: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of names) every[name] = this.valid(view.properties[name]!, depth + 1);
    return fc.tuple(record, fc.record(every)).map(([value, spare]) => meetConditional(conditional, value, spare));
  }
}
