// Builds a concrete request for an operation from the document's own examples, the way a partner
// reading the docs would: path and query values from parameter examples, the first body example.
import type { JsonObject, OperationRef } from './document.js';

export interface ExampleRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export const TEST_SECRET_KEY = 'svc_sk_test_ExampleExampleExampleExample12';

function exampleOf(parameter: JsonObject): unknown {
  const schema = (parameter.schema ?? {}) as JsonObject;
  if (parameter.example !== undefined) return parameter.example;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  return 'example';
}

export function firstBodyExample(operation: JsonObject): unknown {
  const media = (((operation.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Record<string, JsonObject>)[0];
  return first?.value;
}

export function exampleRequest({ path, method, operation }: OperationRef): ExampleRequest {
  let url = path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { Authorization: `Bearer ${TEST_SECRET_KEY}`, Accept: 'application/json' };
  for (const parameter of (operation.parameters ?? []) as JsonObject[]) {
    const value = exampleOf(parameter);
    if (parameter.in === 'path') url = url.replace(`{${String(parameter.name)}}`, encodeURIComponent(String(value)));
    else if (parameter.in === 'query' && parameter.required) query.set(String(parameter.name), String(value));
    else if (parameter.in === 'header') headers[String(parameter.name)] = String(value);
  }
  const body = firstBodyExample(operation);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const search = query.toString();
  return {
    method: method.toUpperCase(),
    path: search ? `${url}?${search}` : url,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  };
}
