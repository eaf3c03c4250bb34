// The public document: one registry, the servers for live and test (and deprecated V1), the
// security schemes, tags, every operation of schemas/operations.ts and every outbound event.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { registerHeaderComponents } from './common/headers.js';
import { registerOperations } from './common/operation-collection.js';
import { PUBLIC_OPERATIONS } from './operations.js';
import { registerLodgementEvents } from './lodgements/events.js';
import { registerPpsrAlertWebhook } from './ppsr/alerts.js';
import { registerForm484Events } from './form484/events.js';
import { registerMonitoringWebhooks } from './monitoring/webhooks.js';
import { TAGS, TAG_DESCRIPTIONS } from './tags.js';
import { API_DESCRIPTION } from './description.js';
import { forEveryGenerator } from './common/generator-forms.js';
import { LICENSE, serviceServer } from './common/document-parts.js';
import { EXAMPLES_DATE } from './common/dates.js';

/** Contract version (D-44): semver; a breaking change bumps the major. */
export const CONTRACT_VERSION = '6.1.0';

export function createPublicRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'secretKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      "Secret key `svc_sk_live_…` (live prefix) or `svc_sk_test_…` (test prefix) in `Authorization: Bearer <key>`. Reaches every endpoint; server side only: refused with 403 from browsers, that is any request with an `Origin` header or any `Sec-Fetch-*` header (Node's own fetch sends `Sec-Fetch-Mode: cors` alone and is not a browser). V1 personal access tokens follow the same rule (D-03). One exception (D-49): a **test** secret key is accepted from the sandbox console this service serves itself (`Sec-Fetch-Site: same-origin` and a `Host` that is the service's own, from `SVC_PUBLIC_URL` or `HOST:PORT`); a live secret key never is.",
  });
  registry.registerComponent('securitySchemes', 'publishableKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      "Publishable key `svc_pk_live_…` or `svc_pk_test_…` in `Authorization: Bearer <key>`. Helper endpoints only, and only from the key's allowed domains (up to 5) or `localhost`, `127.0.0.1`, `*.test`, `*.local`, judged by `Origin` (or `Referer`).",
  });
  // The deprecated V1 header `X-Auth-SVC` (D-40) is documented in the introduction and on the V1
  // servers, not as a security scheme: listing it on operations would make the SDK send it on V2 too.
  registerHeaderComponents(registry);
  // Every operation from its one definition; the outbound events are not operations and are listed here.
  registerOperations(registry, PUBLIC_OPERATIONS);
  registerLodgementEvents(registry);
  registerPpsrAlertWebhook(registry);
  registerForm484Events(registry);
  registerMonitoringWebhooks(registry);
  return registry;
}

export function buildPublicDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const generator = new OpenApiGeneratorV31(createPublicRegistry().definitions);
  const document = generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Registry Lodgement, Search and Monitoring Service',
      version: CONTRACT_VERSION,
      description: API_DESCRIPTION,
      contact: { name: 'API support', email: 'api-support@example.com', url: 'https://example.com/support' },
      license: LICENSE,
      // D-61, D-73: the day every example is written for; the service's copy moves them to its today.
      'x-examples-date': EXAMPLES_DATE,
    },
    servers: [
      serviceServer('/api/test/v2', 'Test environment (sandbox): test keys, free, simulated registers.'),
      serviceServer('/api/v2', 'Live environment: live keys.'),
      serviceServer(
        '/api/test/v1',
        'Deprecated V1, test environment: same operations, also the X-Auth-SVC header and personal access tokens (D-40).',
      ),
      serviceServer(
        '/api/v1',
        'Deprecated V1, live environment: same operations, also the X-Auth-SVC header and personal access tokens (D-40).',
      ),
    ],
    tags: Object.values(TAGS).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
  });
  return forEveryGenerator(document);
}
