// kubb: its TypeScript types for what is sent and its Zod schemas for what comes back, over plain
// fetch (no client plugin).
import type { CreateMonitoringEntitiesMutationRequest } from '../generated/kubb/types/CreateMonitoringEntities.ts';
import type { CreatePpsrSearchMutationRequest } from '../generated/kubb/types/CreatePpsrSearch.ts';
import type { CreateWebhookEndpointMutationRequest } from '../generated/kubb/types/CreateWebhookEndpoint.ts';
import { errorResponseSchema } from '../generated/kubb/zod/errorResponseSchema.ts';
import { createMonitoringEntitiesMutationResponseSchema } from '../generated/kubb/zod/createMonitoringEntitiesSchema.ts';
import { createPpsrSearch201Schema } from '../generated/kubb/zod/createPpsrSearchSchema.ts';
import { createWebhookEndpoint201Schema } from '../generated/kubb/zod/createWebhookEndpointSchema.ts';
import { getPpsrSearch200Schema } from '../generated/kubb/zod/getPpsrSearchSchema.ts';
import { sharedErrorSchema } from '../generated/kubb/zod/sharedErrorSchema.ts';
import { failure, type Consumer, type Failure } from './consumer';

type Answer = { ok: true; status: number; body: unknown } | Failure;

export function connect(baseUrl: string, key: string): Consumer {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await response.json();
    if (response.ok) return { ok: true, status: response.status, body: json };
    const refused = errorResponseSchema.or(sharedErrorSchema).parse(json);
    return failure(response.status, refused);
  }
  return {
    async startSearch(by) {
      const request: CreatePpsrSearchMutationRequest = by;
      const answer = await call('POST', '/ppsr/searches', request);
      return answer.ok ? { ok: true, value: createPpsrSearch201Schema.parse(answer.body).requestId } : answer;
    },
    async readSearch(requestId) {
      const answer = await call('GET', `/ppsr/searches/${requestId}`);
      if (!answer.ok) return answer;
      const search = getPpsrSearch200Schema.parse(answer.body);
      const downloadUrls = search.status === 'completed' ? (search.data.certificates ?? []).map((c) => c.downloadUrl) : [];
      return { ok: true, value: { status: search.status, downloadUrls } };
    },
    async orderMonitoring(acn) {
      const request: CreateMonitoringEntitiesMutationRequest = { entities: [{ acn }] };
      const answer = await call('POST', '/monitoring/entities', request);
      if (!answer.ok) return answer;
      const order = createMonitoringEntitiesMutationResponseSchema.parse(answer.body);
      const entities = order.entities.map(({ id, acn, status }) => ({ id, acn, status }));
      return { ok: true, value: { processing: 'status' in order, total: order.total, entities } };
    },
    async createEndpoint(url) {
      const request: CreateWebhookEndpointMutationRequest = { url, eventTypes: ['monitoring.change_detected'] };
      const answer = await call('POST', '/webhooks', request);
      if (!answer.ok) return answer;
      const { id, secret, disabledReason } = createWebhookEndpoint201Schema.parse(answer.body);
      return { ok: true, value: { id, secret, disabledReason } };
    },
  };
}
