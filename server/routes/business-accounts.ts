// Business account applications (spec 2.4, 3.3, 4.4): validated input in, a domain verb, a view out.
// 201 for a new application, 200 for the open one it duplicates (D-17); the polling limit's 429 is
// raised by the domain and keeps the shared shape (D-37).
import { withRules, type ProblemRefiner } from '../http/handler.js';
import { defineHandlers, type PublicHandler } from '../http/handler-maps.js';
import { readApplicationStatus, submitApplication } from '../domain/business-accounts/applications.js';
import { businessAccountProblems } from '../domain/business-accounts/validation.js';

/** Structural faults and the 2.4 rules together, in the document's codes (D-10). */
const applicationRules: ProblemRefiner = async (_deps, problems, body) => businessAccountProblems(body, problems);

const createBusinessAccountApplication = (async (ctx, { body }) => {
  const { created, requestId, status } = await submitApplication({ ctx, input: { body } });
  return created ? { status: 201, body: { requestId, status: 'new' } } : { status: 200, body: { requestId, status } };
}) satisfies PublicHandler<'createBusinessAccountApplication'>;

export const businessAccountHandlers = defineHandlers({
  createBusinessAccountApplication: withRules(createBusinessAccountApplication, applicationRules),

  getBusinessAccountStatus: async (ctx, { params }) => ({
    status: 200,
    body: await readApplicationStatus({ ctx, input: { requestId: params.requestId } }),
  }),
});
