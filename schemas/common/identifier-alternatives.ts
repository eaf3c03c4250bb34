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

import { ANNOTATIONS, isNode, rewriteNodes, type JsonNode as Schema } from './schema-walk.js';

/** The object keywords each alternative receives a copy of. */
const OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties']);

function isBareRequired(branch: unknown): branch is { required: string[] } {
  return isNode(branch) && Object.keys(branch).length === 1 && Array.isArray(branch.required);
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

/** The document with every "one of these identifiers" schema as complete object alternatives. */
export function completeIdentifierAlternatives<T>(document: T): T {
  return rewriteNodes(document, (node, at) => {
    const anyOf = node.anyOf;
    const bare = isNode(node.properties) && Array.isArray(anyOf) && anyOf.length > 0 && anyOf.every(isBareRequired);
    return bare ? rewrite(node, at) : node;
  });
}
