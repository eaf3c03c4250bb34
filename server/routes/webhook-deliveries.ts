// The webhook delivery log (D-25): validated input in, a domain verb, a view out.
import { defineHandlers } from '../http/handler-maps.js';
import { listDeliveries, resendDelivery } from '../domain/webhooks/deliveries.js';

export const webhookDeliveryHandlers = defineHandlers({
  listWebhookDeliveries: async (ctx, { params, query }) => {
    const { page, perPage } = query;
    return { status: 200, body: await listDeliveries({ ctx, input: { endpointId: params.id, page, perPage } }) };
  },

  resendWebhookDelivery: async (ctx, { params }) => ({
    status: 202,
    body: await resendDelivery({ ctx, input: { endpointId: params.id, deliveryId: params.deliveryId } }),
  }),
});
