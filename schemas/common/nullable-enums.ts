// `z.enum([...]).nullable()` comes out of zod-to-openapi as `{type: ['string', 'null'], enum: [...,
// null]}`. openapi-zod-client prints that as `z.enum([..., null])`, which does not compile (4 `tsc`
// errors). Written as `anyOf: [{type: 'string', enum: [...]}, {type: 'null'}]` (annotations stay on
// the outer schema), every generator types it as the string literals or null, and validation
// accepts exactly the same values.
import { ANNOTATIONS, rewriteNodes, type JsonNode } from './schema-walk.js';

function split(node: JsonNode): JsonNode {
  const { type, enum: values, ...rest } = node;
  if (!Array.isArray(type) || type.length !== 2 || !type.includes('null') || !Array.isArray(values) || 'anyOf' in rest) return node;
  const kind = type.find((name) => name !== 'null') as string;
  const annotations = Object.entries(rest).filter(([key]) => ANNOTATIONS.has(key));
  const constraints = Object.entries(rest).filter(([key]) => !ANNOTATIONS.has(key));
  const typed = { type: kind, enum: values.filter((value) => value !== null), ...Object.fromEntries(constraints) };
  return { anyOf: [typed, { type: 'null' }], ...Object.fromEntries(annotations) };
}

export function nullableEnumsAsAnyOf<T>(document: T): T {
  return rewriteNodes(document, split);
}
