// openapi-typescript's types with openapi-fetch: the pairing its authors recommend.
import createClient from 'openapi-fetch';
import type { paths } from '../generated/openapi-typescript/schema';
import { failure, type Consumer } from './consumer';

export function connect(baseUrl: string, key: string): Consumer {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  return {
    async startSearch(by) {
      const { data, error, response } = await client.POST('/ppsr/searches', { body: by });
      if (error) return failure(response.status, error);
      return { ok: true, value: data.requestId };
    },
    async readSearch(requestId) {
      const { data, error, response } = await client.GET('/ppsr/searches/{requestId}', { params: { path: { requestId } } });
      if (error) return failure(response.status, error);
      const downloadUrls = data.status === 'completed' ? (data.data.certificates ?? []).map((c) => c.downloadUrl) : [];
      return { ok: true, value: { status: data.status, downloadUrls } };
    },
    async orderMonitoring(acn) {
      const { data, error, response } = await client.POST('/monitoring/entities', { body: { entities: [{ acn }] } });
      if (error) return failure(response.status, error);
      const entities = data.entities.map(({ id, acn, status }) => ({ id, acn, status }));
      return { ok: true, value: { processing: 'status' in data, total: data.total, entities } };
    },
    async createEndpoint(url) {
      const { data, error, response } = await client.POST('/webhooks', { body: { url, eventTypes: ['monitoring.change_detected'] } });
      if (error) return failure(response.status, error);
      return { ok: true, value: { id: data.id, secret: data.secret, disabledReason: data.disabledReason } };
    },
  };
}
