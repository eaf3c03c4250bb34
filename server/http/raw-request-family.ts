// Which error family answers a request Node's parser refused before Express saw it (a control
// character in a header, headers too large or too slow): read from the raw bytes' request line and
// routed as the app routes (the public prefixes, then the operation's `x-error-family`; /admin is the
// operator API, all `api`). Unknown paths keep the shared shape, as the app's 404 does (D-10..D-13).
import type { ErrorShape } from './error-mappers.js';

export interface PrefixedDocument {
  prefixes: readonly string[];
  /** The document's `paths`: template -> method -> operation. */
  paths: Record<string, Record<string, unknown>>;
}

interface Route {
  pattern: RegExp;
  families: Map<string, ErrorShape>;
}

function routesOf(paths: PrefixedDocument['paths']): Route[] {
  return Object.entries(paths).map(([template, item]) => {
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    const families = new Map<string, ErrorShape>();
    for (const [method, operation] of Object.entries(item)) {
      const family = (operation as { 'x-error-family'?: unknown } | undefined)?.['x-error-family'];
      families.set(method.toUpperCase(), family === 'form484' ? 'form484' : 'api');
    }
    return { pattern: new RegExp(`^${source}$`), families };
  });
}

/** The request line of the bytes Node received: method and path (without the query), when readable. */
export function requestLineOf(raw: Buffer | undefined): { method: string; path: string } | undefined {
  if (!raw) return undefined;
  const line = /^([A-Z]{1,20}) (\/[^\s?#]*)(?:[?#]\S*)? HTTP\/1\.[01]\r?\n/.exec(raw.subarray(0, 8 * 1024).toString('latin1'));
  return line ? { method: line[1]!, path: line[2]! } : undefined;
}

/** A function from a raw request to the shape its answer takes. */
export function rawRequestFamily(documents: readonly PrefixedDocument[]): (raw: Buffer | undefined) => ErrorShape {
  const routed = documents.map((document) => ({ prefixes: document.prefixes, routes: routesOf(document.paths) }));
  return (raw) => {
    const line = requestLineOf(raw);
    if (!line) return 'shared';
    const method = line.method === 'HEAD' ? 'GET' : line.method;
    for (const { prefixes, routes } of routed)
      for (const prefix of prefixes) {
        if (prefix !== '' && line.path !== prefix && !line.path.startsWith(`${prefix}/`)) continue;
        const rest = line.path.slice(prefix.length);
        // A template may match a fixed path too (/monitoring/entities/{id} and .../renew): the route with the method.
        const family = routes.find((route) => route.pattern.test(rest) && route.families.has(method))?.families.get(method);
        if (family) return family;
      }
    return 'shared';
  };
}
