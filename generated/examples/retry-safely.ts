// From docs/guide/03-idempotency-and-retries.md by npm run generate: edit the example there, not this file.
import { randomUUID } from 'node:crypto';
import { createClient, createConfig, createWebhookEndpoint, deleteWebhookEndpoint, unwrap } from '../client/index.js';

const client = createClient(createConfig({ baseUrl: 'http://127.0.0.1:4000/api/test/v2', auth: () => process.env.SVC_KEY! }));

const idempotencyKey = randomUUID(); // one key for this one endpoint, reused by every retry
const create = () =>
  createWebhookEndpoint({
    client,
    body: { url: 'https://hooks.example.com/svc', eventTypes: ['*'] },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

const first = await create();
const retry = await create(); // as after a lost answer: the same key and the same request
const endpoint = unwrap(first);
console.log(endpoint.id === unwrap(retry).id, retry.response.headers.get('Idempotent-Replayed')); // true true
unwrap(await deleteWebhookEndpoint({ client, path: { id: endpoint.id } }));
