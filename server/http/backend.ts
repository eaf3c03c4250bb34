// The openapi-backend instance both APIs (public and operator) route and validate with, configured
// once: the server's Ajv (ajv.ts), query and path coercion, and lazily compiled validators.
import { createHash } from 'node:crypto';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { createServerAjv } from './ajv.js';
import { routeTable } from './route-table.js';

/**
 * One backend per document in a process. Its validators compile on each operation's first request
 * (`quick`), tens of milliseconds for a large body schema, and it holds nothing of the app that uses
 * it (the pipeline only routes, validates and parses with it: no handler is registered on it), so an
 * app built again from the same document reuses what the first one compiled. `npm start` builds one
 * app; a test process builds hundreds, each of which compiled every validator it used again.
 */
const backends = new Map<string, Promise<OpenAPIBackend>>();
/**
 * The same document object again (the app's are parsed once per process, document-files.ts) finds
 * its backend without serialising and hashing 1.3 MB of document for the key above.
 */
const backendsByObject = new WeakMap<object, Promise<OpenAPIBackend>>();

export function createBackend(document: Record<string, unknown>): Promise<OpenAPIBackend> {
  const known = backendsByObject.get(document);
  if (known) return known;
  const key = createHash('sha256').update(JSON.stringify(document)).digest('hex');
  let made = backends.get(key);
  if (!made) {
    made = buildBackend(document);
    backends.set(key, made);
    made.catch(() => backends.delete(key));
  }
  // Only a frozen document (document-files.ts freezes its documents whole) is keyed by identity:
  // any other could change after this call.
  if (Object.isFrozen(document)) {
    backendsByObject.set(document, made);
    made.catch(() => backendsByObject.delete(document));
  }
  return made;
}

/** openapi-backend as the service configures it, before the replacements below (its tests compare the two). */
export async function libraryBackend(document: Record<string, unknown>): Promise<OpenAPIBackend> {
  const backend = new OpenAPIBackend({
    // A copy: openapi-backend dereferences the document it is given in place, and the key above is
    // the document as the caller passed it.
    definition: structuredClone(document) as unknown as Document,
    validate: true,
    coerceTypes: true,
    // quick: compile each operation's validators on its first request rather than every request and
    // response validator at start, which took over 4 s of a 9 s cold start (`npm run bench:http`).
    // The response validators are only used by tests (validateResponses). It also dereferences the
    // document synchronously, which is enough: every $ref in it is internal.
    quick: true,
    customizeAjv: (_original, ajvOpts) => createServerAjv(ajvOpts) as never,
  });
  // openapi-backend checks 3.1 documents against 3.0 rules; Redocly lints the documents instead.
  backend.validateDefinition = () => backend.document;
  await backend.init();
  return backend;
}

async function buildBackend(document: Record<string, unknown>): Promise<OpenAPIBackend> {
  const backend = await libraryBackend(document);
  // openapi-backend flattens the document's operations again (lodash) on every matchOperation, about
  // a twentieth of a GET's CPU in a profile; the document never changes after init.
  const operations = backend.router.getOperations();
  backend.router.getOperations = () => operations;
  // The same for matching a request to its operation (route-table.ts), which restates the router
  // as configured above: no apiRoot (paths from `/`), trailing slashes ignored.
  backend.router.matchOperation = routeTable(operations);
  return backend;
}
