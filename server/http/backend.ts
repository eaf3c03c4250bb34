// The openapi-backend instance both APIs (public and operator) route and validate with, configured
// once: the server's Ajv (ajv.ts), query and path coercion, and lazily compiled validators.
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { createServerAjv } from './ajv.js';

export async function createBackend(document: Record<string, unknown>): Promise<OpenAPIBackend> {
  const backend = new OpenAPIBackend({
    definition: document as unknown as Document,
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
  // openapi-backend flattens the document's operations again (lodash) on every matchOperation, about
  // a twentieth of a GET's CPU in a profile; the document never changes after init.
  const operations = backend.router.getOperations();
  backend.router.getOperations = () => operations;
  return backend;
}
