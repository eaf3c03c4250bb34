// orval: its fetch client (responses told apart by `status`), and its Zod schema checking a search
// as it arrives (orval writes Zod schemas for 200 responses only, so the 201s are read by type).
import { createMonitoringEntities, createPpsrSearch, createWebhookEndpoint, getPpsrSearch } from '../generated/orval/fetch';
import { getPpsrSearchResponse } from '../generated/orval/zod';
import { failure, type Consumer } from './consumer';
import { useService } from './orval-fetch';

export function connect(baseUrl: string, key: string): Consumer {
  useService(baseUrl, key);
  return {
    async startSearch(by) {
      const answer = await createPpsrSearch(by);
      if (answer.status !== 201) return failure(answer.status, answer.data);
      return { ok: true, value: answer.data.requestId };
    },
    async readSearch(requestId) {
      const answer = await getPpsrSearch(requestId);
      if (answer.status !== 200) return failure(answer.status, answer.data);
      const search = getPpsrSearchResponse.parse(answer.data);
      const downloadUrls = search.status === 'completed' ? (search.data.certificates ?? []).map((c) => c.downloadUrl) : [];
      return { ok: true, value: { status: search.status, downloadUrls } };
    },
    async orderMonitoring(acn) {
      const answer = await createMonitoringEntities({ entities: [{ acn }] });
      if (answer.status !== 201 && answer.status !== 202) return failure(answer.status, answer.data);
      const order = answer.data;
      const entities = order.entities.map(({ id, acn, status }) => ({ id, acn, status }));
      return { ok: true, value: { processing: 'status' in order, total: order.total, entities } };
    },
    async createEndpoint(url) {
      const answer = await createWebhookEndpoint({ url, eventTypes: ['monitoring.change_detected'] });
      if (answer.status !== 201) return failure(answer.status, answer.data);
      const { id, secret, disabledReason } = answer.data;
      return { ok: true, value: { id, secret, disabledReason } };
    },
  };
}
