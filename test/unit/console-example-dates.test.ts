// D-61 in the sandbox console: a form filled from one of the document's examples has every date moved
// to the service's today, exactly as the service's own /openapi.json serves that example (the console
// takes its examples from the build, console/contract-data.ts, and the day from the service clock), so
// a Form 484 started from an example is valid on that day.
import { describe, expect, it } from 'vitest';
import { documentForToday, examplesDateOf } from '@registry-svc/contract/example-dates';
import { datedFor } from '../../console/src/example-dates.js';
import { contractModule } from '../../console/contract-data.js';
import { validateForm484 } from '../../schemas/form484/validate.js';
import { loadDocument, type JsonObject } from '../support/document.js';

const document = loadDocument();
const written = examplesDateOf(document)!;

function requestExamples(doc: JsonObject, path: string): Record<string, unknown> {
  const post = ((doc.paths as JsonObject)[path] as JsonObject).post as JsonObject;
  const media = ((post.requestBody as JsonObject).content as JsonObject)['application/json'] as {
    examples: Record<string, { value: unknown }>;
  };
  return Object.fromEntries(Object.entries(media.examples).map(([name, example]) => [name, example.value]));
}

describe('the console dates its forms by the service clock', () => {
  it('builds the examples and the day they are written for into the page', () => {
    expect(contractModule()).toContain(`export const EXAMPLES_DATE = ${JSON.stringify(written)};`);
  });

  for (const today of ['2025-11-23', '2031-11-22'])
    it(`fills the lodgement and application forms on ${today} as the service serves those examples that day`, () => {
      const served = documentForToday(document, today);
      for (const path of ['/asic-484-forms', '/abn/registrations', '/business-accounts']) {
        const filled = Object.fromEntries(
          Object.entries(requestExamples(document, path)).map(([name, value]) => [name, datedFor(value, written, today)]),
        );
        expect(filled, path).toEqual(requestExamples(served, path));
      }
      for (const [name, value] of Object.entries(requestExamples(document, '/asic-484-forms')))
        expect(validateForm484(datedFor(value, written, today), { today }), name).toEqual([]);
    });
});
