// Every parameter carries its example on the parameter itself, copied from its schema's example
// (the one written in Zod), so the two cannot differ. Tools that build requests from the document
// read only the parameter: Dredd refuses the whole document ("Required URI parameter 'id' has no
// example") when a path parameter's example sits in its schema alone. A parameter without an example
// in either place stops the build.
import { isNode, rewriteNodes, type JsonNode } from './schema-walk.js';

const LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);

function isParameter(node: JsonNode, at: string): boolean {
  return at.startsWith('#/paths/') && typeof node.name === 'string' && LOCATIONS.has(String(node.in)) && isNode(node.schema);
}

export function parameterExamples<T>(document: T): T {
  return rewriteNodes(document, (node, at) => {
    if (!isParameter(node, at) || 'example' in node || 'examples' in node) return node;
    const schema = node.schema as JsonNode;
    if (!('example' in schema))
      throw new Error(`${at}: ${String(node.in)} parameter ${String(node.name)} has no example; give its Zod schema one`);
    return { ...node, example: schema.example };
  });
}
