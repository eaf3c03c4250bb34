// PUBLIC_OPERATIONS and ADMIN_OPERATIONS are written by hand beside the register…Paths functions;
// the server looks handlers up by them, so an operation missing from a map would have no typed
// handler. Each map must list exactly the operations of its document, at the same method and path.
import { describe, expect, test } from 'vitest';
import { buildAdminDocument, buildPublicDocument } from '../../schemas/index.js';
import { PUBLIC_OPERATIONS } from '../../schemas/operations.js';
import { ADMIN_OPERATIONS } from '../../schemas/admin/operations.js';

type Document = ReturnType<typeof buildPublicDocument>;

function operationsOf(document: Document): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
      const operationId = item[method]?.operationId;
      if (operationId) out.set(operationId, `${method} ${path}`);
    }
  return out;
}

function operationsOfMap(map: Record<string, { method: string; path: string; operationId: string }>): Map<string, string> {
  return new Map(
    Object.entries(map).map(([key, def]) => {
      expect(def.operationId).toBe(key);
      return [key, `${def.method} ${def.path}`];
    }),
  );
}

describe('operation maps', () => {
  test('PUBLIC_OPERATIONS lists every operation of the public document', () => {
    expect(operationsOfMap(PUBLIC_OPERATIONS)).toEqual(operationsOf(buildPublicDocument()));
  });

  test('ADMIN_OPERATIONS lists every operation of the operator document', () => {
    expect(operationsOfMap(ADMIN_OPERATIONS)).toEqual(operationsOf(buildAdminDocument()));
  });
});
