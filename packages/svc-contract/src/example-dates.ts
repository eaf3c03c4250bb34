// Example dates (D-61): the document's examples are written for one day, `info.x-examples-date`
// (D-73), and stay valid on every day only when whatever hands them to a caller moves their dates to
// the caller's service's today. This module moves them: every calendar date in an example's strings
// (a `date`, the date part of a `date-time`, a date inside a message or an Idempotency-Key) by the
// same whole number of days, so the examples keep every relation between their dates (a signature
// two days before today, an appointment after an 18th birthday). A schema marked
// `x-example-date: fixed` keeps its examples' dates: a sandbox value a register looks up (the PPSR
// individual's date of birth), not a date relative to today.
//
// Pure and free of imports: the runner, the service (its /openapi.json and /docs) and the sandbox
// console share it (`@registry-svc/contract/example-dates`).

type Json = Record<string, unknown>;

/** The document's keyword naming the day its examples are written for (`YYYY-MM-DD`, Australia/Brisbane). */
export const EXAMPLES_DATE_KEYWORD = 'x-examples-date';
/** A schema keyword: `fixed` keeps the dates of this schema's examples as written. */
export const EXAMPLE_DATE_KEYWORD = 'x-example-date';

const DAY_MS = 86_400_000;
// A calendar date not inside a longer run of digits: `2026-11-20`, `2026-11-20T03:00:00Z`,
// `order-2026-11-22-0001`, `(on or after 2026-05-22)`.
const EMBEDDED_DATE = /(?<![0-9])([0-9]{4})-([0-9]{2})-([0-9]{2})(?![0-9])/g;
const WHOLE_DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

function utcDay(year: number, month: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** True for a real calendar date written `YYYY-MM-DD` (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  return WHOLE_DATE.test(text) && utcDay(Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10))) !== undefined;
}

/** `YYYY-MM-DD` moved by whole days; a string that is not a real calendar date (or would leave years 0-9999) comes back as it was. */
export function shiftDate(date: string, days: number): string {
  if (!WHOLE_DATE.test(date)) return date;
  const day = utcDay(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  if (!day) return date;
  const moved = new Date(day.getTime() + days * DAY_MS);
  const year = moved.getUTCFullYear();
  if (year < 0 || year > 9999) return date;
  return `${String(year).padStart(4, '0')}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}-${String(moved.getUTCDate()).padStart(2, '0')}`;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every calendar date inside `text` moved by whole days; the rest of the text as it was. */
export function shiftDatesIn(text: string, days: number): string {
  if (days === 0) return text;
  return text.replace(EMBEDDED_DATE, (whole: string) => shiftDate(whole, days));
}

/** The day the document's examples are written for, or undefined when it does not say. */
export function examplesDateOf(document: Json): string | undefined {
  const value = (document.info as Json | undefined)?.[EXAMPLES_DATE_KEYWORD];
  return typeof value === 'string' && isCalendarDate(value) ? value : undefined;
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The schemas a `$ref` chain and `allOf`/`oneOf`/`anyOf` make of `schema`, itself included. */
function expand(document: Json, schema: unknown, seen = new Set<unknown>()): Json[] {
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const out: Json[] = [schema];
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    let target: unknown = document;
    for (const raw of ref.slice(2).split('/')) target = isObject(target) ? target[raw.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    out.push(...expand(document, target, seen));
  }
  for (const keyword of ['allOf', 'oneOf', 'anyOf'])
    for (const branch of Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : []) out.push(...expand(document, branch, seen));
  return out;
}

function childSchemas(document: Json, schemas: Json[], key: string | number): Json[] {
  const out: Json[] = [];
  for (const schema of schemas) {
    if (typeof key === 'number') {
      if (schema.items !== undefined) out.push(...expand(document, schema.items));
      const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[])[key] : undefined;
      if (prefix !== undefined) out.push(...expand(document, prefix));
    } else {
      const properties = isObject(schema.properties) ? schema.properties : {};
      if (key in properties) out.push(...expand(document, properties[key]));
      else if (isObject(schema.additionalProperties)) out.push(...expand(document, schema.additionalProperties));
    }
  }
  return out;
}

/** An example value with its dates moved, read against the schema it is an example of (if known). */
export function shiftExampleValue(document: Json, value: unknown, schema: unknown, days: number): unknown {
  const walk = (node: unknown, schemas: Json[]): unknown => {
    if (schemas.some((s) => s[EXAMPLE_DATE_KEYWORD] === 'fixed')) return node;
    if (typeof node === 'string') return shiftDatesIn(node, days);
    if (Array.isArray(node)) return node.map((item, index) => walk(item, childSchemas(document, schemas, index)));
    if (isObject(node))
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item, childSchemas(document, schemas, key))]));
    return node;
  };
  return walk(value, expand(document, schema));
}

const SCHEMA_CONTAINERS = new Set(['properties', 'patternProperties', '$defs', 'schemas', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);

/**
 * The document with the dates of every example moved by `days`: schemas' `example`/`examples`,
 * parameters', headers' and media types' `example`/`examples` (each read against its `schema`), and
 * the bodies of `x-refinement-examples`; nothing else (descriptions, `enum`, `default`) changes.
 */
export function shiftDocumentExamples(document: Json, days: number): Json {
  if (days === 0) return document;
  const shift = (value: unknown, schema: unknown) => shiftExampleValue(document, value, schema, days);

  const walk = (node: unknown, kind: 'schema' | 'other'): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, 'other'));
    if (!isObject(node)) return node;
    const out: Json = {};
    // What this object's own `example`/`examples` are examples of: itself for a schema, else its `schema`.
    const subject = kind === 'schema' ? node : node.schema;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example') out[key] = shift(value, subject);
      else if (key === 'examples' && kind === 'schema' && Array.isArray(value)) out[key] = value.map((item) => shift(item, subject));
      else if (key === 'examples' && kind === 'other' && isObject(value))
        out[key] = Object.fromEntries(
          Object.entries(value).map(([name, example]) => [
            name,
            isObject(example) && 'value' in example ? { ...example, value: shift(example.value, subject) } : example,
          ]),
        );
      else if (key === 'x-refinement-examples' && Array.isArray(value)) out[key] = value.map((item) => refinementExample(node, item));
      else if (key === 'schema') out[key] = walk(value, 'schema');
      else if (kind === 'schema' && SCHEMA_VALUES.has(key)) out[key] = walk(value, 'schema');
      else if (SCHEMA_CONTAINERS.has(key) && isObject(value) && (kind === 'schema' || key === 'schemas'))
        out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, 'schema')]));
      else if (kind === 'schema' && SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map((item) => walk(item, 'schema'));
      else out[key] = walk(value, 'other');
    }
    return out;
  };

  /** `{ body, ... }` of an operation's `x-refinement-examples`: the body is an example of its JSON request body. */
  const refinementExample = (operation: Json, item: unknown): unknown => {
    if (!isObject(item) || !('body' in item)) return item;
    const content = isObject(operation.requestBody) ? (operation.requestBody.content as Json | undefined) : undefined;
    const media = isObject(content) ? (content['application/json'] as Json | undefined) : undefined;
    return { ...item, body: shift(item.body, media?.schema) };
  };

  return walk(document, 'other') as Json;
}

/**
 * The document with its examples written for `today` (`YYYY-MM-DD`, the service's date in
 * Australia/Brisbane) and `info.x-examples-date` saying so. A document without the keyword comes
 * back as it was.
 */
export function documentForToday(document: Json, today: string): Json {
  const written = examplesDateOf(document);
  if (!written || !isCalendarDate(today)) return document;
  const shifted = shiftDocumentExamples(document, daysFrom(written, today));
  return { ...shifted, info: { ...(shifted.info as Json), [EXAMPLES_DATE_KEYWORD]: today } };
}
