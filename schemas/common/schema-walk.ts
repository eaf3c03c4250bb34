// One walk for the rewrites the documents get after zod-to-openapi wrote them
// (./generator-forms.ts): every object of the document, children before their parent, so a rewrite
// sees its children already rewritten. Examples and defaults are data, not schemas: the walk leaves
// them as they are (a property that happens to be named `example` is still a schema).

export type JsonNode = Record<string, unknown>;

/** Keywords that describe a schema without constraining it. */
export const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs']);

/** Keys whose value is data (a payload, a default) rather than a schema or a document part. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

export function isNode(value: unknown): value is JsonNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `rewrite` applied to every object of `document`, bottom-up; `at` is its JSON pointer. */
export function rewriteNodes<T>(document: T, rewrite: (node: JsonNode, at: string) => JsonNode): T {
  const visit = (value: unknown, at: string, parentKey: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => visit(item, `${at}/${index}`, parentKey));
    if (!isNode(value)) return value;
    const walked = Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        DATA_KEYS.has(key) && parentKey !== 'properties'
          ? child
          : visit(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, key),
      ]),
    );
    return rewrite(walked, at);
  };
  return visit(document, '#', undefined) as T;
}
