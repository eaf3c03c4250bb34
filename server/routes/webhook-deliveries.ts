// The webhook delivery log (D-25): validated input in, a domain verb, a view out.
import type { PublicHandlers } from '../http/handler.js';
import { listDeliveries, resendDelivery } from '../domain/webhooks/deliveries.js';

/** D-38 defaults; the document already refused values out of range. */
const DEFAULT_PER_PAGE = 25;

export const webhookDeliveryHandlers: PublicHandlers = {
  listWebhookDeliveries: async (ctx, { params, query }) => {
    const page = typeof query.page === 'number' ? query.page : 1;
    const perPage = typeof query.perPage === 'number' ? query.perPage : DEFAULT_PER_PAGE;
    return { status: 200, body: await listDeliveries({ ctx, input: { endpointId: params.id, page, perPage } }) };
  },

  resendWebhookDelivery: async (ctx, { params }) => ({
    status: 202,
    body: await resendDelivery({ ctx, input: { endpointId: params.id, deliveryId: params.deliveryId } }),
  }),
};
