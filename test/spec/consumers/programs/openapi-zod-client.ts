// openapi-zod-client: its Zodios client (axios underneath) checks every answer with the generated
// Zod schemas; a refusal arrives as an error, read through `isErrorFromAlias`. Zodios keeps the
// first success response of an operation only (201 for a monitoring order), so a 202 order is read
// as an order.
import { isErrorFromAlias } from '@zodios/core';
import { createApiClient } from '../generated/openapi-zod-client/client';
import { failure, type Consumer, type Failure } from './consumer';

type Client = ReturnType<typeof createApiClient>;
type Alias = 'createPpsrSearch' | 'getPpsrSearch' | 'createMonitoringEntities' | 'createWebhookEndpoint';

/** The refusal `error` is, when the service answered one for `alias`; anything else is thrown on. */
function refusal(client: Client, alias: Alias, error: unknown): Failure {
  if (isErrorFromAlias(client.api, alias, error)) return failure(error.response.status, error.response.data);
  throw error;
}

export function connect(baseUrl: string, key: string): Consumer {
  const client = createApiClient(baseUrl, { axiosConfig: { headers: { Authorization: `Bearer ${key}` } } });
  return {
    async startSearch(by) {
      try {
        return { ok: true, value: (await client.createPpsrSearch(by)).requestId };
      } catch (error) {
        return refusal(client, 'createPpsrSearch', error);
      }
    },
    async readSearch(requestId) {
      try {
        const search = await client.getPpsrSearch({ params: { requestId } });
        const downloadUrls = search.status === 'completed' ? (search.data.certificates ?? []).map((c) => c.downloadUrl) : [];
        return { ok: true, value: { status: search.status, downloadUrls } };
      } catch (error) {
        return refusal(client, 'getPpsrSearch', error);
      }
    },
    async orderMonitoring(acn) {
      try {
        const order = await client.createMonitoringEntities({ entities: [{ acn }] });
        const entities = order.entities.map(({ id, acn, status }) => ({ id, acn, status }));
        return { ok: true, value: { processing: false, total: order.total, entities } };
      } catch (error) {
        return refusal(client, 'createMonitoringEntities', error);
      }
    },
    async createEndpoint(url) {
      try {
        const { id, secret, disabledReason } = await client.createWebhookEndpoint({ url, eventTypes: ['monitoring.change_detected'] });
        return { ok: true, value: { id, secret, disabledReason } };
      } catch (error) {
        return refusal(client, 'createWebhookEndpoint', error);
      }
    },
  };
}
