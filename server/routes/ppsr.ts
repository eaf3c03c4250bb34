// PPSR searches, certificates and alert subscriptions (spec 2.3, 3.2, 4.3; D-30..D-34). Thin: the
// validated input in, one domain verb, a status and body out. The search and alert bodies' own rules
// run as refiners, so every problem is answered in the documented codes (D-10).
import type { FieldProblems } from '../domain/errors.js';
import { withRules, type ProblemRefiner } from '../http/handler.js';
import { defineHandlers } from '../http/handler-maps.js';
import { createSearch, getSearch } from '../domain/ppsr/searches.js';
import { getCertificate } from '../domain/ppsr/certificates.js';
import { createAlert, deleteAlert, listAlerts } from '../domain/ppsr/alerts.js';
import { ppsrSearchProblems } from '../domain/ppsr/search-rules.js';
import { ppsrAlertProblems } from '../domain/ppsr/alert-rules.js';

/**
 * The body's rules replace the structural pass's guesses (its `oneOf` branch picking gives
 * `acn: required` on a VIN search); should they ever pass a body the document refuses, the
 * structural problems stand, so nothing invalid reaches the verb.
 */
const rulesOf =
  (rules: (body: unknown) => FieldProblems): ProblemRefiner =>
  async (_deps, structural, body) => {
    const problems = rules(body);
    return { problems: Object.keys(problems).length > 0 ? problems : structural };
  };

const searchRules = rulesOf(ppsrSearchProblems);
const alertRules = rulesOf(ppsrAlertProblems);

export const ppsrHandlers = defineHandlers({
  createPpsrSearch: withRules(async (ctx, { body }) => {
    const { created, location } = await createSearch({ ctx, input: { body } });
    return { status: 201, body: created, headers: { Location: location } };
  }, searchRules),

  getPpsrSearch: async (ctx, { params }) => ({ status: 200, body: await getSearch({ ctx, input: { requestId: params.requestId } }) }),

  getPpsrCertificate: async (ctx, { params }) => {
    const download = await getCertificate({ ctx, input: { requestId: params.requestId, certificateNumber: params.certificateNumber } });
    if (download.kind === 'pdf') return { status: 200, raw: { contentType: 'application/pdf', data: download.pdf } };
    return {
      status: 202,
      body: { certificateNumber: download.certificateNumber, status: 'processing' },
      headers: { 'Retry-After': String(download.retryAfterSeconds) },
    };
  },

  listPpsrAlerts: async (ctx) => ({ status: 200, body: { data: await listAlerts({ ctx }) } }),

  createPpsrAlert: withRules(async (ctx, { body }) => ({ status: 201, body: await createAlert({ ctx, input: { body } }) }), alertRules),

  deletePpsrAlert: async (ctx, { params }) => {
    await deleteAlert({ ctx, input: { id: params.id } });
    return { status: 204 };
  },
});
