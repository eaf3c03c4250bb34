// Webhook endpoint management (spec 4.2, D-15): validated input in, a domain verb, a view out. The
// delivery log operations (D-25) live in webhook-deliveries.ts.
import { withRules, type ProblemRefiner } from '../http/handler.js';
import { defineHandlers } from '../http/handler-maps.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointView,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from '../domain/webhooks/endpoints.js';
import { refineEndpointProblems } from '../domain/webhooks/validation.js';

/** Create and update restate structural failures of `url` and `eventTypes` in D-12/D-26 codes. */
const endpointRules: ProblemRefiner = async (deps, problems, body) => ({ problems: await refineEndpointProblems(deps, problems, body) });

export const webhookEndpointHandlers = defineHandlers({
  listWebhookEndpoints: async (ctx) => ({ status: 200, body: { data: (await listEndpoints({ ctx })).map(endpointView) } }),

  createWebhookEndpoint: withRules(async (ctx, { body }) => {
    const { endpoint, secret } = await createEndpoint({ ctx, input: body });
    return { status: 201, body: { ...endpointView(endpoint), secret } };
  }, endpointRules),

  updateWebhookEndpoint: withRules(async (ctx, { params, body }) => {
    const endpoint = await updateEndpoint({ ctx, input: { id: params.id, changes: body } });
    return { status: 200, body: endpointView(endpoint) };
  }, endpointRules),

  deleteWebhookEndpoint: async (ctx, { params }) => {
    await deleteEndpoint({ ctx, input: { id: params.id } });
    return { status: 204 };
  },

  rotateWebhookEndpointSecret: async (ctx, { params }) => {
    const { endpoint, secret } = await rotateEndpointSecret({ ctx, input: { id: params.id } });
    return { status: 200, body: { ...endpointView(endpoint), secret } };
  },
});
