// "One of these identifiers" written so every mainstream tool reads an object. In Zod a
// row that needs `acn`, `abn` or both is one strict object with both optional, a refinement that
// gives the documented code (`identifier_required`, `acn_or_abn_required`) and, for the document,
// `.openapi({ anyOf: [{ required: ['acn'] }, { required: ['abn'] }] })`. Emitted as it is, that
// `anyOf` of bare `required` lists beside `properties` is valid JSON Schema, but openapi-typescript
// types each bare branch as `unknown` (so `'not an object'` type-checks as a row) and Ajv's strict
// mode refuses `required` without `type`. This pass rewrites every such schema into complete object
// alternatives: one `{type: object, properties, required, additionalProperties}` per branch, with
// the branch's names added to `required`. Validation accepts exactly what it accepted before, and
// the server's own rules still report the same codes.

type Schema = Record<string, unknown>;

/** Keywords that describe a schema without constraining it: they stay on the outer schema. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs']);
/** The object keywords each alternative receives a copy of. */
const OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBareRequired(branch: unknown): branch is { required: string[] } {
  return isSchema(branch) && Object.keys(branch).length === 1 && Array.isArray(branch.required);
}

function rewrite(schema: Schema, at: string): Schema {
  const { anyOf, ...rest } = schema as Schema & { anyOf: { required: string[] }[] };
  const others = Object.keys(rest).filter((key) => !ANNOTATIONS.has(key) && !OBJECT_KEYWORDS.has(key));
  if (others.length > 0) throw new Error(`${at}: cannot rewrite "one of these" with ${others.join(', ')} beside it`);
  const required = (rest.required ?? []) as string[];
  const annotations = Object.fromEntries(Object.entries(rest).filter(([key]) => ANNOTATIONS.has(key)));
  return {
    anyOf: anyOf.map((branch) => ({
      type: 'object',
      properties: rest.properties,
      required: [...new Set([...required, ...branch.required])],
      ...(rest.additionalProperties !== undefined ? { additionalProperties: rest.additionalProperties } : {}),
    })),
    ...annotations,
  };
}

function visit(value: unknown, at: string): unknown {
  if (Array.isArray(value)) return value.map((item, index) => visit(item, `${at}/${index}`));
  if (!isSchema(value)) return value;
  const walked = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, visit(child, `${at}/${key}`)]));
  const anyOf = walked.anyOf;
  if (isSchema(walked.properties) && Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isBareRequired)) return rewrite(walked, at);
  return walked;
}

/** The document with every "one of these identifiers" schema as complete object alternatives. */
export function completeIdentifierAlternatives<T>(document: T): T {
  return visit(document, '#') as T;
}
