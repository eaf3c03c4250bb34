// Pieces the public and the operator document declare the same way: servers under the service
// address, the licence, and response headers that are always sent.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export const LICENSE = { name: 'Proprietary', url: 'https://example.com/terms' };

/**
 * A server at `path` below the service address, which the reader fills in (`{base_url}`). The
 * variable carries no `description`: the OpenAPI 3.1 schema that swagger-parser (orval's reader)
 * validates with misspells that field `descriptions`, so a described variable makes orval print
 * "Swagger schema validation failed" for a valid document.
 */
export function serviceServer(path: string, description: string) {
  return {
    url: `{base_url}${path}`,
    description,
    variables: { base_url: { default: 'http://127.0.0.1:4000' } },
  };
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
