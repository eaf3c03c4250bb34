// Entity monitoring (spec 4.5): thin handlers by operationId, typed from the operations' Zod
// definitions. Each passes its validated input to one domain verb with the caller and answers one of
// the documented statuses. Order and renewal bodies have their structural problems restated in the
// spec's row codes by the domain's rules.
import { withAcceptedRefresh, withRules, type ProblemRefiner } from '../http/handler.js';
import { defineHandlers } from '../http/handler-maps.js';
import type { RequestContext } from '../http/context.js';
import { orderEntities, orderOutcome, type OrderAnswer, type ProcessingOrderAnswer } from '../domain/monitoring/orders.js';
import { restateOrderProblems, restateRenewalProblems } from '../domain/monitoring/problems.js';
import { getEntity, getEvent, listEntities, listEntityEvents, listEvents } from '../domain/monitoring/reads.js';
import { renewEntities } from '../domain/monitoring/renew.js';
import { resumeEntity } from '../domain/monitoring/resume.js';
import { simulate } from '../domain/monitoring/simulate.js';
import { stopEntity } from '../domain/monitoring/stop.js';

const orderRules: ProblemRefiner = async (_deps, problems, body) => ({ problems: restateOrderProblems(problems, body) });

/** Spec 3.4: 201 when every entity is activated, 202 `processing` while a live order's activation is unfinished. */
function orderResult(answer: OrderAnswer | ProcessingOrderAnswer) {
  return 'status' in answer ? { status: 202 as const, body: answer } : { status: 201 as const, body: answer };
}
const renewalRules: ProblemRefiner = async (_deps, problems) => ({ problems: restateRenewalProblems(problems) });

export const monitoringHandlers = defineHandlers({
  createMonitoringEntities: withAcceptedRefresh(
    withRules(async (ctx, { body }) => orderResult(await orderEntities({ ctx, input: body })), orderRules),
    async (ctx: RequestContext, answered) =>
      orderResult(await orderOutcome({ ctx, input: { answered: answered as ProcessingOrderAnswer } })),
  ),
  renewMonitoringEntities: withRules(
    async (ctx, { body }) => ({ status: 200, body: await renewEntities({ ctx, input: body }) }),
    renewalRules,
  ),
  resumeMonitoringEntity: async (ctx, { params }) => ({ status: 200, body: await resumeEntity({ ctx, input: params }) }),
  listMonitoringEntities: async (ctx, { query }) => ({ status: 200, body: await listEntities({ ctx, input: query }) }),
  getMonitoringEntity: async (ctx, { params }) => ({ status: 200, body: await getEntity({ ctx, input: params }) }),
  stopMonitoringEntity: async (ctx, { params }) => ({ status: 200, body: await stopEntity({ ctx, input: params }) }),
  listMonitoringEntityEvents: async (ctx, { params, query }) => ({
    status: 200,
    body: await listEntityEvents({ ctx, input: { ...query, id: params.id } }),
  }),
  listMonitoringEvents: async (ctx, { query }) => ({ status: 200, body: await listEvents({ ctx, input: query }) }),
  getMonitoringEvent: async (ctx, { params }) => ({ status: 200, body: await getEvent({ ctx, input: params }) }),
  simulateMonitoringEvent: async (ctx, { params, body }) => simulate({ ctx, input: { id: params.id, body } }),
});
