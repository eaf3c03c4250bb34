// Reads the generated documents the tests walk (the contract as published, not the Zod source).
import { readFileSync } from 'node:fs';

export type JsonObject = Record<string, unknown>;

export function loadDocument(name: 'openapi.json' | 'admin.openapi.json' = 'openapi.json'): JsonObject {
  return JSON.parse(readFileSync(new URL(`../../spec/${name}`, import.meta.url), 'utf8')) as JsonObject;
}

export interface OperationRef {
  path: string;
  method: string;
  operation: JsonObject;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

export function operationsOf(document: JsonObject, section: 'paths' | 'webhooks' = 'paths'): OperationRef[] {
  const out: OperationRef[] = [];
  const items = (document[section] ?? {}) as Record<string, JsonObject>;
  for (const [path, item] of Object.entries(items)) {
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (operation) out.push({ path, method, operation });
    }
  }
  return out;
}

/** JSON pointer segment escaping. */
export function pointer(...segments: string[]): string {
  return segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}
