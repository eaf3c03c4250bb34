// The required fields of a request body, read from the published document rather than listed by
// hand: every property named in a `required` list of the schema or of any schema inside it (optional
// sections and array rows included, a row as index 0), and for each one a valid body that holds it,
// so a test can delete that one field and see what the API says.
import { loadDocument, type JsonObject } from './document.js';

type Schema = JsonObject;

const document = loadDocument();
const components = (document.components as JsonObject).schemas as Record<string, Schema>;

function deref(schema: Schema): Schema {
  const ref = schema.$ref;
  return typeof ref === 'string' ? deref(components[ref.split('/').pop()!]!) : schema;
}

/** A schema with its `$ref` and `allOf` members folded into one object schema. */
function flat(schema: Schema): Schema {
  const own = deref(schema);
  const members = ((own.allOf ?? []) as Schema[]).map(flat);
  return members.reduce<Schema>(
    (acc, member) => ({
      ...member,
      ...acc,
      properties: { ...(member.properties as JsonObject), ...(acc.properties as JsonObject) },
      required: [...((acc.required ?? []) as string[]), ...((member.required ?? []) as string[])],
    }),
    { ...own, allOf: undefined },
  );
}

/** The schema at a path (array rows as any index). */
export function schemaAt(rootName: string, path: readonly string[]): Schema {
  let schema = flat(components[rootName]!);
  for (const segment of path)
    schema = flat(schema.type === 'array' ? (schema.items as Schema) : ((schema.properties as Record<string, Schema>)[segment] as Schema));
  return schema;
}

/** Every required path of the named component schema, each as segments (`['officeHolders', '0', 'name']`). */
export function requiredPaths(rootName: string): string[][] {
  const out: string[][] = [];
  const walk = (schema: Schema, path: string[], seen: ReadonlySet<string>): void => {
    const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
    // A schema that contains itself would walk forever; none does today, this keeps it so.
    if (ref && seen.has(ref)) return;
    const next = ref ? new Set([...seen, ref]) : seen;
    const here = flat(schema);
    if (here.type === 'array' && here.items) walk(here.items as Schema, [...path, '0'], next);
    for (const name of (here.required ?? []) as string[]) out.push([...path, name]);
    for (const [name, property] of Object.entries((here.properties ?? {}) as Record<string, Schema>)) walk(property, [...path, name], next);
  };
  walk(components[rootName]!, [], new Set());
  const unique = new Map(out.map((path) => [path.join('.'), path]));
  return [...unique.values()];
}

/** A small value the schema accepts: its example, its first enum value, or the required members built the same way. */
export function minimalValue(schema: Schema): unknown {
  const s = flat(schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (s.type === 'array') return [minimalValue(s.items as Schema)];
  if (s.type === 'object' || s.properties) {
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(((s.required ?? []) as string[]).map((name) => [name, minimalValue(properties[name]!)]));
  }
  if (s.type === 'boolean') return true;
  if (s.type === 'integer' || s.type === 'number') return typeof s.minimum === 'number' ? s.minimum : 1;
  return 'A';
}

export function valueAt(body: unknown, path: readonly string[]): unknown {
  let cursor = body;
  for (const segment of path) {
    if (cursor === null || typeof cursor !== 'object') return undefined;
    cursor = (cursor as Record<string, unknown>)[segment];
  }
  return cursor;
}

function setAt(body: unknown, path: readonly string[], value: unknown): void {
  const parent = valueAt(body, path.slice(0, -1)) as Record<string, unknown>;
  if (value === undefined) delete parent[path[path.length - 1]!];
  else parent[path[path.length - 1]!] = value;
}

/** A copy of `body` without the field at `path`. */
export function without<T>(body: T, path: readonly string[]): T {
  const copy = structuredClone(body);
  setAt(copy, path, undefined);
  return copy;
}

/**
 * A body that holds the field at `path` and that `isValid` accepts: an example that already holds it,
 * or one holding its nearest ancestor with the missing members built by `minimalValue`, an optional
 * sibling of the built member dropped when the two exclude each other (`individual` / `organisation`).
 */
export function bodyHolding<T>(
  rootName: string,
  examples: Record<string, T>,
  path: readonly string[],
  isValid: (body: T) => boolean,
): T | undefined {
  const holding = Object.values(examples).find((body) => valueAt(body, path) !== undefined);
  if (holding) return holding;
  for (let depth = path.length - 1; depth > 0; depth--) {
    const ancestor = path.slice(0, depth);
    for (const example of Object.values(examples)) {
      if (valueAt(example, ancestor) === undefined) continue;
      const built = structuredClone(example);
      setAt(built, path.slice(0, depth + 1), minimalValue(schemaAt(rootName, path.slice(0, depth + 1))));
      if (valueAt(built, path) === undefined) continue;
      if (isValid(built)) return built;
      const parent = valueAt(built, ancestor) as Record<string, unknown>;
      const required = new Set((schemaAt(rootName, ancestor).required ?? []) as string[]);
      for (const sibling of Object.keys(parent)) {
        if (required.has(sibling) || sibling === path[depth]) continue;
        const trimmed = without(built, [...ancestor, sibling]);
        if (isValid(trimmed)) return trimmed;
      }
    }
  }
  return undefined;
}
