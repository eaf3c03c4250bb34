// The id fields of the document: in its schemas, the properties named `id` or `…Id` that are
// integers or strings with a pattern (the project's id formats). The cross-account checks collect
// and compare the values of these fields, not only `id` and `requestId` (isolation.ts, id-fields.ts).
import { atPointer, resolvePointer } from '../document.js';
import type { JsonObject, OperationInfo } from '../types.js';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function schemaAt(doc: JsonObject, pointer: string): JsonObject | undefined {
  const found = atPointer(doc, resolvePointer(doc, pointer));
  return isObject(found) ? found : undefined;
}

/** An id format: an integer, or a string with a pattern (`^we_[A-Za-z0-9]{24}$`). */
export function isIdSchema(doc: JsonObject, pointer: string): boolean {
  const schema = schemaAt(doc, pointer);
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') || (types.includes('string') && typeof schema.pattern === 'string');
}

const cache = new WeakMap<JsonObject, Set<string>>();

/** Every id field name of the document's schemas (`id`, `requestId`, `entityId`, `deliveryId`, ...). */
export function documentIdFields(doc: JsonObject): Set<string> {
  const cached = cache.get(doc);
  if (cached) return cached;
  // `id` and `requestId` always, whatever their schema says (a document without id patterns).
  const names = new Set<string>(['id', 'requestId']);
  const walk = (value: unknown, pointer: string, depth: number) => {
    if (depth > 30 || !value || typeof value !== 'object') return;
    const properties = (value as JsonObject).properties;
    if (isObject(properties))
      for (const name of Object.keys(properties))
        if ((name === 'id' || /[a-z]Id$/.test(name)) && isIdSchema(doc, `${pointer}/properties/${name}`)) names.add(name);
    for (const [key, item] of Object.entries(value)) walk(item, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
  };
  walk(atPointer(doc, '/components/schemas'), '/components/schemas', 0);
  cache.set(doc, names);
  return names;
}

/** The id fields of a list's items, by the document. */
export function listIdFields(doc: JsonObject, list: OperationInfo): string[] {
  const pointer = list.responses['200']?.content.find((media) => media.mediaType === 'application/json')?.schemaPointer;
  if (!pointer) return [];
  const listSchema = resolvePointer(doc, pointer);
  const itemsPointer = `${listSchema}/properties/data/items`;
  const properties = schemaAt(doc, `${itemsPointer}`)?.properties;
  if (!isObject(properties)) return [];
  const itemsResolved = resolvePointer(doc, itemsPointer);
  return Object.keys(properties).filter(
    (name) => (name === 'id' || /[a-z]Id$/.test(name)) && isIdSchema(doc, `${itemsResolved}/properties/${name}`),
  );
}
