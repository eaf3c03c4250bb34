// Business account applications (spec 2.4, 3.3, 4.4): validated input in, a domain verb, a view out.
// 201 for a new application, 200 for the open one it duplicates (D-17); the polling limit's 429 is
// raised by the domain and keeps the shared shape (D-37).
import { parsedBody, withRules, type ProblemRefiner } from '../http/handler.js';
import { defineHandlers, type PublicHandler } from '../http/handler-maps.js';
import { readApplicationStatus, submitApplication } from '../domain/business-accounts/applications.js';
import { businessAccountCheck } from '../domain/business-accounts/validation.js';
import { BusinessAccountApplication } from '../../schemas/business-accounts/index.js';

/**
 * Structural faults and the 2.4 rules together, in the document's codes (D-10). The check parses the
 * body with BusinessAccountApplication, the operation's body schema, and hands that parse on as the
 * handler's typed body, so the body is parsed by Zod once.
 */
const applicationRules: ProblemRefiner = async (_deps, ajv, body) => {
  const { problems, parsed } = businessAccountCheck(body, ajv);
  return { problems, body: parsedBody(BusinessAccountApplication, parsed) };
};

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
