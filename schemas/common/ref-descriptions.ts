// A property that reuses a component with its own description (`MonitoringEvent.entity`: "The
// entity as it is now") comes out of zod-to-openapi as `allOf: [{$ref}, {description}]`. Code
// generators read that as an intersection with an empty schema: orval's and kubb's Zod output
// turned each into `.and(z.any())`, openapi-zod-client's into `.and(z.unknown())`. OpenAPI 3.1
// allows `description` (any annotation) beside `$ref`, which every generator types as the
// component itself, so the wrapper is written that way: the same values, the same words.
import { ANNOTATIONS, isNode, rewriteNodes, type JsonNode } from './schema-walk.js';

function isBareRef(value: unknown): value is { $ref: string } {
  return isNode(value) && Object.keys(value).length === 1 && typeof value.$ref === 'string';
}

function onlyAnnotations(value: unknown): value is JsonNode {
  return isNode(value) && Object.keys(value).every((key) => ANNOTATIONS.has(key));
}

/** `{allOf: [{$ref}, {description}]}` (annotations only beside the one reference) as `{$ref, description}`. */
function unwrap(node: JsonNode): JsonNode {
  const { allOf, ...outer } = node;
  if (!Array.isArray(allOf) || !onlyAnnotations(outer)) return node;
  const refs = allOf.filter(isBareRef);
  if (refs.length !== 1 || !allOf.every((branch) => isBareRef(branch) || onlyAnnotations(branch))) return node;
  const annotations = allOf.filter((branch) => !isBareRef(branch)) as JsonNode[];
  return Object.assign({ $ref: refs[0]!.$ref }, ...annotations, outer) as JsonNode;
}

export function describeRefsInPlace<T>(document: T): T {
  return rewriteNodes(document, unwrap);
}
