// The example request of an operation as the hostile generators of svc-contract start from it:
// path, query and header values from the document's examples (or the simplest valid value), the first
// body example, and the given Authorization. Shared by the hostile gates of test/integration/core.
import type { HostileBase } from '@registry-svc/contract';
import type { JsonObject, OperationRef } from './document.js';
import { firstBodyExample } from './example-requests.js';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  example?: unknown;
  schema?: JsonObject;
}

function exampleValue(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  if (parameter.example !== undefined) return String(parameter.example);
  if (schema.example !== undefined) return String(schema.example);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  return 'example';
}

/** The operation's example request, with this Authorization. */
export function baseOf(op: OperationRef, authorization: string): HostileBase {
  const parameters = (op.operation.parameters ?? []) as Parameter[];
  const of = (where: string) => parameters.filter((p) => p.in === where);
  const body = firstBodyExample(op.operation);
  const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' };
  for (const header of of('header')) if (header.name !== 'Authorization') headers[header.name] = exampleValue(header);
  return {
    template: op.path,
    pathValues: Object.fromEntries(of('path').map((p) => [p.name, exampleValue(p)])),
    integerParams: of('path')
      .filter((p) => p.schema?.type === 'integer')
      .map((p) => p.name),
    query: Object.fromEntries(
      of('query')
        .filter((p) => p.required)
        .map((p) => [p.name, exampleValue(p)]),
    ),
    queryNames: of('query').map((p) => p.name),
    integerQuery: of('query')
      .filter((p) => p.schema?.type === 'integer')
      .map((p) => p.name),
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}
