// Webhook endpoint management (spec 4.2, D-15): validated input in, a domain verb, a view out. The
// delivery log operations (D-25) live in webhook-deliveries.ts.
import type { HandlerMap, OperationHandler, ProblemRefiner } from '../http/context.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointView,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
  type EndpointChanges,
} from '../domain/webhooks/endpoints.js';
import { refineEndpointProblems } from '../domain/webhooks/validation.js';

const refineProblems: ProblemRefiner = (deps, problems, body) => refineEndpointProblems(deps, problems, body);

/** Create and update restate structural failures of `url` and `eventTypes` in D-12/D-26 codes. */
const withEndpointProblems = (handler: OperationHandler): OperationHandler => Object.assign(handler, { refineProblems });

const idOf = (params: Record<string, unknown>): string => String(params.id);

export const webhookEndpointHandlers: HandlerMap = {
  listWebhookEndpoints: async (ctx) => ({ status: 200, body: { data: (await listEndpoints({ ctx })).map(endpointView) } }),

  createWebhookEndpoint: withEndpointProblems(async (ctx, { body }) => {
    const { endpoint, secret } = await createEndpoint({ ctx, input: body as { url: string; eventTypes: string[] } });
    return { status: 201, body: { ...endpointView(endpoint), secret } };
  }),

  updateWebhookEndpoint: withEndpointProblems(async (ctx, { params, body }) => {
    const endpoint = await updateEndpoint({ ctx, input: { id: idOf(params), changes: body as EndpointChanges } });
    return { status: 200, body: endpointView(endpoint) };
  }),

  deleteWebhookEndpoint: async (ctx, { params }) => {
    await deleteEndpoint({ ctx, input: { id: idOf(params) } });
    return { status: 204 };
  },

  rotateWebhookEndpointSecret: async (ctx, { params }) => {
    const { endpoint, secret } = await rotateEndpointSecret({ ctx, input: { id: idOf(params) } });
    return { status: 200, body: { ...endpointView(endpoint), secret } };
  },
};
