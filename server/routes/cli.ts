// The command line's operations (D-78 to D-81): validated input in, one verb, a view out.
import { withRules, type ProblemRefiner } from '../http/handler.js';
import { defineHandlers } from '../http/handler-maps.js';
import { startListenSession } from '../domain/cli/sessions.js';
import { collectAttempts, reportAttempt } from '../domain/cli/attempts.js';
import { triggerEvent } from '../domain/cli/trigger.js';
import { tailRequestLog } from '../domain/cli/request-log.js';
import { refineEndpointProblems } from '../domain/webhooks/validation.js';

/** Event names are refused in the words of endpoint creation (D-26 `unknown_event_type`). */
const eventTypeRules: ProblemRefiner = async (deps, problems, body) => ({ problems: await refineEndpointProblems(deps, problems, body) });

export const cliHandlers = defineHandlers({
  createListenSession: withRules(async (ctx, { body }) => {
    // 201 either way: `resumed` tells a resumed session from a new one (D-78).
    return { status: 201, body: await startListenSession({ ctx, input: body }) };
  }, eventTypeRules),

  collectListenDeliveries: async (ctx, { params, query }) => ({
    status: 200,
    body: { data: await collectAttempts({ ctx, input: { sessionId: params.id, wait: query.wait, limit: query.limit } }) },
  }),

  reportListenAttempt: async (ctx, { params, body }) => ({
    status: 200,
    body: await reportAttempt({ ctx, input: { sessionId: params.id, attemptId: params.attemptId, ...body } }),
  }),

  createTrigger: async (ctx, { body }) => ({ status: 201, body: await triggerEvent({ ctx, input: body }) }),

  tailRequestLog: async (ctx, { query }) => ({ status: 200, body: await tailRequestLog({ ctx, input: query }) }),
});
