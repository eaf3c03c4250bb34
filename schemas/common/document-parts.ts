// Pieces the public and the operator document declare the same way: servers under the service
// address, the licence, and response headers that are always sent.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export const LICENSE = { name: 'Proprietary', url: 'https://example.com/terms' };

/** The address `npm start` listens on by default: the origin of every server the documents name. */
export const DEFAULT_SERVICE_ORIGIN = 'http://127.0.0.1:4000';

/**
 * A server at `path` below the default service address, written out whole rather than as a
 * `{base_url}` variable: swagger-typescript-api copies the first server's URL into its client as the
 * default base URL without filling variables in, so `{base_url}` left partners a client that called
 * the literal `{base_url}/api/test/v2`. The service's /openapi.json and the docs page put the public
 * URL in place of this origin (D-54).
 */
export function serviceServer(path: string, description: string) {
  return { url: `${DEFAULT_SERVICE_ORIGIN}${path}`, description };
}

/** The schema of a response header: a string or a whole number, with an example or its only values. */
interface HeaderSchema {
  type: 'string' | 'integer';
  example?: string | number;
  enum?: string[];
}

/** A header component that is on every response that refers to it. */
export function registerRequiredHeader(registry: OpenAPIRegistry, name: string, description: string, schema: HeaderSchema): void {
  registry.registerComponent('headers', name, { description, required: true, schema });
}
