// A flattened, read-only view of one JSON Schema node of the document: `$ref` followed, `allOf`
// merged, the keywords the generators care about pulled out. Every view keeps the JSON pointer of
// the node it came from, so a value built from it can be checked by Ajv against the very same node.
import { atPointer, escapePointer, resolvePointer } from './document.js';
import type { JsonObject } from './types.js';

export interface SchemaView {
  /** Where to validate a value for this node (`doc#<pointer>`). */
  pointer: string;
  /** Allowed JSON types; empty means any. `integer` implies number-like. */
  types: string[];
  enum?: unknown[];
  hasConst: boolean;
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: string;
  minItems?: number;
  maxItems?: number;
  /** Property name -> pointer of its schema. */
  properties: Record<string, string>;
  required: string[];
  /** false: closed object; true: anything; string: pointer of the schema for extra properties. */
  additionalProperties: boolean | string;
  oneOf: string[];
  anyOf: string[];
  examples: unknown[];
  /** `if`/`then`/`else` of an object, as written (the document's conditionals name no `$ref`). */
  conditional?: Conditional;
}

export interface Conditional {
  if: JsonObject;
  then?: JsonObject;
  else?: JsonObject;
}

function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function inferTypes(schema: JsonObject): string[] {
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.required) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

export class SchemaViews {
  private readonly cache = new Map<string, SchemaView>();

  constructor(private readonly doc: JsonObject) {}

  /** The view of the schema at `pointer` (following `$ref`). */
  at(pointer: string): SchemaView {
    const resolved = resolvePointer(this.doc, pointer);
    const cached = this.cache.get(resolved);
    if (cached) return cached;
    const view = this.build(resolved, 0);
    this.cache.set(resolved, view);
    return view;
  }

  private build(pointer: string, depth: number): SchemaView {
    const raw = atPointer(this.doc, pointer);
    const schema: JsonObject = raw && typeof raw === 'object' ? (raw as JsonObject) : {};
    const view: SchemaView = {
      pointer,
      types: inferTypes(schema),
      hasConst: 'const' in schema,
      properties: {},
      required: [],
      additionalProperties: true,
      oneOf: [],
      anyOf: [],
      examples: [],
    };
    // allOf members first, then the node's own keywords win (the document only puts descriptions beside them).
    if (Array.isArray(schema.allOf) && depth < 10) {
      schema.allOf.forEach((_, index) => merge(view, this.build(resolvePointer(this.doc, `${pointer}/allOf/${index}`), depth + 1)));
    }
    own(view, schema, pointer, (p) => resolvePointer(this.doc, p));
    return view;
  }
}

/**
 * A node with its own properties and a oneOf/anyOf of constraints (`anyOf: [{required: [acn]},
 * {required: [abn]}]`), seen through one branch: the node's keywords plus the branch's.
 */
export function throughBranch(view: SchemaView, branch: SchemaView): SchemaView {
  const merged: SchemaView = {
    ...view,
    properties: { ...view.properties },
    required: [...view.required],
    oneOf: [],
    anyOf: [],
    examples: [],
  };
  merge(merged, { ...branch, examples: [] });
  merged.pointer = view.pointer;
  return merged;
}

function merge(into: SchemaView, from: SchemaView): void {
  if (from.types.length > 0) into.types = into.types.length > 0 ? into.types.filter((t) => from.types.includes(t)) : [...from.types];
  for (const key of [
    'enum',
    'const',
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'items',
    'minItems',
    'maxItems',
  ] as const) {
    if (from[key] !== undefined) (into as unknown as JsonObject)[key] = from[key];
  }
  into.hasConst ||= from.hasConst;
  Object.assign(into.properties, from.properties);
  into.required = [...new Set([...into.required, ...from.required])];
  if (from.additionalProperties !== true) into.additionalProperties = from.additionalProperties;
  into.oneOf.push(...from.oneOf);
  into.anyOf.push(...from.anyOf);
  into.examples.push(...from.examples);
  into.conditional ??= from.conditional;
}

function own(view: SchemaView, schema: JsonObject, pointer: string, resolve: (p: string) => string): void {
  const types = inferTypes(schema);
  if (types.length > 0)
    view.types =
      view.types.length > 0 ? view.types.filter((t) => types.includes(t) || (t === 'integer' && types.includes('number'))) : types;
  if (Array.isArray(schema.enum)) view.enum = schema.enum;
  if ('const' in schema) view.const = schema.const;
  view.minLength = asNumber(schema.minLength) ?? view.minLength;
  view.maxLength = asNumber(schema.maxLength) ?? view.maxLength;
  if (typeof schema.pattern === 'string') view.pattern = schema.pattern;
  if (typeof schema.format === 'string') view.format = schema.format;
  view.minimum = asNumber(schema.minimum) ?? view.minimum;
  view.maximum = asNumber(schema.maximum) ?? view.maximum;
  view.exclusiveMinimum = asNumber(schema.exclusiveMinimum) ?? view.exclusiveMinimum;
  view.exclusiveMaximum = asNumber(schema.exclusiveMaximum) ?? view.exclusiveMaximum;
  if (schema.items && typeof schema.items === 'object') view.items = resolve(`${pointer}/items`);
  view.minItems = asNumber(schema.minItems) ?? view.minItems;
  view.maxItems = asNumber(schema.maxItems) ?? view.maxItems;
  for (const name of Object.keys((schema.properties ?? {}) as JsonObject))
    view.properties[name] = resolve(`${pointer}/properties/${escapePointer(name)}`);
  if (Array.isArray(schema.required)) view.required = [...new Set([...view.required, ...schema.required.map(String)])];
  if (schema.additionalProperties === false) view.additionalProperties = false;
  else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    view.additionalProperties = resolve(`${pointer}/additionalProperties`);
  if (Array.isArray(schema.oneOf)) view.oneOf.push(...schema.oneOf.map((_, i) => resolve(`${pointer}/oneOf/${i}`)));
  if (Array.isArray(schema.anyOf)) view.anyOf.push(...schema.anyOf.map((_, i) => resolve(`${pointer}/anyOf/${i}`)));
  const object = (value: unknown) => (value && typeof value === 'object' ? (value as JsonObject) : undefined);
  const condition = object(schema.if);
  if (condition) view.conditional = { if: condition, then: object(schema.then), else: object(schema.else) };
  if (schema.example !== undefined) view.examples.push(schema.example);
  if (Array.isArray(schema.examples)) view.examples.push(...(schema.examples as unknown[]));
}

/** JSON type name of a value, as JSON Schema sees it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function typeAllowed(view: SchemaView, value: unknown): boolean {
  if (view.types.length === 0) return true;
  const type = jsonTypeOf(value);
  return view.types.includes(type) || (type === 'integer' && view.types.includes('number'));
}
