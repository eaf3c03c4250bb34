// Stable, sorted output: the same schemas always produce the same bytes (drift gate).
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const METHOD_ORDER = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'];

function sortKeys<T extends Record<string, Json>>(value: T, compare?: (a: string, b: string) => number): T {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (compare ? compare(a, b) : a.localeCompare(b, 'en')))) as T;
}

function byMethod(a: string, b: string): number {
  const ia = METHOD_ORDER.indexOf(a);
  const ib = METHOD_ORDER.indexOf(b);
  if (ia === -1 || ib === -1) return a.localeCompare(b, 'en');
  return ia - ib;
}

/** Sorts the maps whose order carries no meaning: paths, webhooks and every components section. */
export function orderDocument(document: unknown): Record<string, Json> {
  const doc = JSON.parse(JSON.stringify(document)) as Record<string, Json>;
  for (const section of ['paths', 'webhooks'] as const) {
    const items = doc[section];
    if (items && typeof items === 'object' && !Array.isArray(items)) {
      const sorted = sortKeys(items);
      for (const [key, item] of Object.entries(sorted)) {
        if (item && typeof item === 'object' && !Array.isArray(item)) sorted[key] = sortKeys(item, byMethod);
      }
      doc[section] = sorted;
    }
  }
  const components = doc.components;
  if (components && typeof components === 'object' && !Array.isArray(components)) {
    const sorted = sortKeys(components);
    for (const [key, group] of Object.entries(sorted)) {
      if (group && typeof group === 'object' && !Array.isArray(group)) {
        if (Object.keys(group).length === 0) delete sorted[key];
        else sorted[key] = sortKeys(group);
      }
    }
    doc.components = sorted;
  }
  if (doc.webhooks && typeof doc.webhooks === 'object' && Object.keys(doc.webhooks).length === 0) delete doc.webhooks;
  return doc;
}
