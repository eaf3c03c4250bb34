// `z.enum([...]).nullable()` comes out of zod-to-openapi as `{type: ['string', 'null'], enum: [...,
// null]}`. openapi-zod-client prints that as `z.enum([..., null])`, which does not compile (4 `tsc`
// errors). Written as `anyOf: [{type: 'string', enum: [...]}, {type: 'null'}]` (annotations stay on
// the outer schema), every generator types it as the string literals or null, and validation
// accepts exactly the same values. A nullable array is written the same way.
import { ANNOTATIONS, rewriteNodes, type JsonNode } from './schema-walk.js';

function split(node: JsonNode): JsonNode {
  const { type, enum: values, ...rest } = node;
  if (!Array.isArray(type) || type.length !== 2 || !type.includes('null') || 'anyOf' in rest) return node;
  const kind = type.find((name) => name !== 'null') as string;
  // A nullable enum, or a nullable array (`z.array(...).nullable()`), which openapi-typescript-codegen
  // types as `any[] | null` in the type-array form.
  if (!Array.isArray(values) && kind !== 'array') return node;
  const annotations = Object.entries(rest).filter(([key]) => ANNOTATIONS.has(key));
  const constraints = Object.entries(rest).filter(([key]) => !ANNOTATIONS.has(key));
  const typed = {
    type: kind,
    ...(Array.isArray(values) ? { enum: values.filter((value) => value !== null) } : {}),
    ...Object.fromEntries(constraints),
  };
  return { anyOf: [typed, { type: 'null' }], ...Object.fromEntries(annotations) };
}

export function nullableEnumsAsAnyOf<T>(document: T): T {
  return rewriteNodes(document, split);
}
