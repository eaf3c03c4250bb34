// PUBLIC_OPERATIONS and ADMIN_OPERATIONS are collected from the exported definitions, and the
// documents are registered from them; the server types its handlers by them. Each map must still
// list exactly the operations of its document, at the same method and path, every link must name an
// operation of its document, and a definition exported under another name than its operationId (or
// two with one id) is refused when the collection is built.
import { describe, expect, test } from 'vitest';
import { buildAdminDocument, buildPublicDocument } from '../../schemas/index.js';
import { PUBLIC_OPERATIONS } from '../../schemas/operations.js';
import { ADMIN_OPERATIONS } from '../../schemas/admin/operations.js';
import { collectOperations, operationIdsOf } from '../../schemas/common/operation-collection.js';
import { BUSINESS_ACCOUNT_OPERATIONS } from '../../schemas/business-accounts/index.js';
import { FORM484_OPERATIONS } from '../../schemas/form484/index.js';
import { HELPERS_OPERATIONS } from '../../schemas/helpers/index.js';
import { LODGEMENTS_OPERATIONS } from '../../schemas/lodgements/index.js';
import { MONITORING_OPERATIONS } from '../../schemas/monitoring/index.js';
import { PPSR_OPERATIONS } from '../../schemas/ppsr/index.js';
import { WEBHOOKS_OPERATIONS } from '../../schemas/webhooks/index.js';
import { CLI_OPERATIONS } from '../../schemas/cli/index.js';
import { getPpsrSearch } from '../../schemas/ppsr/searches.js';

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

  test('every link names an operation of its document', () => {
    let links = 0;
    for (const document of [buildPublicDocument(), buildAdminDocument()]) {
      const ids = operationsOf(document);
      for (const item of Object.values(document.paths ?? {}))
        for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const)
          for (const response of Object.values(item[method]?.responses ?? {}))
            for (const link of Object.values((response as { links?: Record<string, { operationId?: string }> }).links ?? {})) {
              expect(ids.has(link.operationId ?? ''), link.operationId).toBe(true);
              links += 1;
            }
    }
    expect(links).toBeGreaterThan(0);
  });

  test('the resources’ operationId constants together name every public operation once', () => {
    const constants = [
      HELPERS_OPERATIONS,
      LODGEMENTS_OPERATIONS,
      WEBHOOKS_OPERATIONS,
      PPSR_OPERATIONS,
      BUSINESS_ACCOUNT_OPERATIONS,
      FORM484_OPERATIONS,
      MONITORING_OPERATIONS,
      CLI_OPERATIONS,
    ];
    const ids = constants.flatMap((constant) => Object.entries(constant).map(([key, id]) => (expect(id).toBe(key), id)));
    expect(ids.sort()).toEqual(Object.keys(PUBLIC_OPERATIONS).sort());
    expect(operationIdsOf({ getPpsrSearch, note: 'not a definition' })).toEqual({ getPpsrSearch: 'getPpsrSearch' });
  });

  test('a definition under another name, or two with one id, is refused', () => {
    expect(() => collectOperations({ getPpsrSerach: getPpsrSearch })).toThrow(/export it under its operationId/);
    expect(() => collectOperations({ getPpsrSearch }, { getPpsrSearch: { ...getPpsrSearch } })).toThrow(
      /two definitions have operationId getPpsrSearch/,
    );
  });
});
