// Cross-field rules as JSON Schema 2020-12 keywords (D-72): `if`/`then`/`else`, for rules such as
// "exactly one of these two fields" that a schema's properties alone cannot state.
import type { ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';

/** A JSON Schema 2020-12 conditional: `then` applies when `if` holds, `else` when it does not. */
interface Conditional {
  if: Record<string, unknown>;
  then: Record<string, unknown>;
  else?: Record<string, unknown>;
}

/**
 * A subschema that names properties says `unevaluatedProperties: true`, which JSON Schema assumes
 * anyway: Redocly's example check otherwise closes every schema with `properties` to the others, and
 * a `then` naming `occupierName` would refuse the office's `address`.
 */
function open(schema: Record<string, unknown>): Record<string, unknown> {
  const opened: Record<string, unknown> = { ...schema, ...(schema.properties ? { unevaluatedProperties: true } : {}) };
  if (schema.not) opened.not = open(schema.not as Record<string, unknown>);
  return opened;
}

/**
 * A cross-field rule as schema keywords (D-72). zod-to-openapi writes metadata keys as they are, but
 * its type (OpenAPI's SchemaObject) has no `if`, `then` or `else`; this is the one place that says so.
 * Each subschema names the properties it requires, so Ajv's strict mode compiles it (strictRequired).
 */
export function ifThen(conditional: Conditional): ZodOpenAPIMetadata {
  const keywords = {
    if: open(conditional.if),
    then: open(conditional.then),
    ...(conditional.else ? { else: open(conditional.else) } : {}),
  };
  return keywords as unknown as ZodOpenAPIMetadata;
}
