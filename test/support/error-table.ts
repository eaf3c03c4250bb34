// An operation's error table as the document states it: for each error status, the codes its
// examples show and its description names (`validation_failed`, `not_found`, ...), and the fields
// the operation takes. Tests hold the mock's and the server's answers against it.
import type { JsonObject, OperationRef } from './document.js';

function resolve(document: JsonObject, schema: JsonObject | undefined): JsonObject | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return ((document.components as JsonObject).schemas as Record<string, JsonObject>)[ref.split('/').pop()!];
}

export function examplesAt(op: OperationRef, status: number | string): JsonObject[] {
  const response = (op.operation.responses as Record<string, JsonObject>)[String(status)];
  const media = ((response?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  return Object.values((media?.examples ?? {}) as Record<string, JsonObject>).map((e) => e.value as JsonObject);
}

/** The codes a body carries: ErrorResponse `error`, Form 484 `errors[].code`; none for the shared shape. */
export function codesOf(body: unknown): string[] {
  const value = (body ?? {}) as { error?: unknown; errors?: unknown };
  if (typeof value.error === 'string') return [value.error];
  if (Array.isArray(value.errors))
    return (value.errors as unknown[]).flatMap((e) =>
      typeof (e as { code?: unknown })?.code === 'string' ? [(e as { code: string }).code] : [],
    );
  return [];
}

/** Codes the document gives for a status of an operation: from its examples and its description. */
export function errorTable(op: OperationRef, status: number | string): Set<string> {
  const response = (op.operation.responses as Record<string, JsonObject>)[String(status)];
  const named = [...String(response?.description ?? '').matchAll(/`([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+)`/g)].map((m) => m[1]!);
  return new Set([...examplesAt(op, status).flatMap(codesOf), ...named]);
}

/** The fields a validation body names (ErrorResponse `errors` keys, Form 484 `errors[].field`). */
export function fieldsOf(body: unknown): string[] {
  const value = (body ?? {}) as { errors?: unknown };
  if (Array.isArray(value.errors)) return (value.errors as { field?: string }[]).map((e) => e.field ?? '');
  return value.errors && typeof value.errors === 'object' ? Object.keys(value.errors) : [];
}

/** The top-level names an operation takes: its body's properties (every alternative) and its parameters. */
export function inputNames(document: JsonObject, op: OperationRef): Set<string> {
  const names = new Set(((op.operation.parameters ?? []) as JsonObject[]).map((p) => String(p.name)));
  const media = (((op.operation.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  const pending = [resolve(document, media?.schema as JsonObject | undefined)];
  while (pending.length > 0) {
    const schema = pending.pop();
    if (!schema) continue;
    for (const name of Object.keys((schema.properties ?? {}) as JsonObject)) names.add(name);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const branch of (schema[key] ?? []) as JsonObject[]) pending.push(resolve(document, branch));
  }
  return names;
}
