// From docs/guide/04-webhooks.md by npm run generate: edit the example there, not this file.
import { createClient, createConfig, createWebhookEndpoint, unwrap } from '../client/index.js';

const client = createClient(createConfig({ baseUrl: 'http://127.0.0.1:4000/api/test/v2', auth: () => process.env.SVC_KEY! }));
const endpoint = unwrap(
  await createWebhookEndpoint({
    client,
    body: { url: 'https://hooks.example.com/svc', eventTypes: ['abn_registration.status_changed', 'monitoring.change_detected'] },
  }),
);
console.log(endpoint.id, endpoint.secret.slice(0, 6)); // store endpoint.secret with your configuration
