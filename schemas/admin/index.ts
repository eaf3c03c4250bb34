// The operator API document (sandbox.md "Operator API"): its own registry and document, separate
// from the public one, so partners never see operator operations in the public contract.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ADMIN_SECURITY_SCHEME } from '../common/operation.js';
import { registerAdminComponents } from './components.js';
import { registerOperations } from '../common/operation-collection.js';
import { ADMIN_OPERATIONS } from './operations.js';
import { ADMIN_TAGS, ADMIN_TAG_DESCRIPTIONS } from './tags.js';
import { forEveryGenerator } from '../common/generator-forms.js';
import { LICENSE, serviceServer } from '../common/document-parts.js';

/** Operator API contract version; semver like the public one (D-44), but versioned on its own. */
export const ADMIN_CONTRACT_VERSION = '4.1.0';

export const ADMIN_DESCRIPTION = `The operator API is the backend of the operator dashboard and the way tests, demos and scripts set up the service: create accounts and keys, set plans, billing and card state, read charges and mail, move the manual clock and run scheduled jobs, change the simulated registers, and create and move lodgements so every webhook can be produced end to end.

It is mounted at \`/admin\` on the same address as the public API and guarded by one operator token: send \`Authorization: Bearer $SVC_ADMIN_TOKEN\`. When \`SVC_ADMIN_TOKEN\` is unset in development the service generates one and prints it at start. API keys are not accepted here.

The paths and fields listed in the sandbox guide (README and docs) are stable so that scripts and tests outside the project can rely on them: fields may be added, none of them is renamed or removed.

Errors use \`{"error", "message", "errors"?}\` (the public API's monitoring shape); a missing or wrong token gets 401 in the shared shape \`{"errors": [...]}\`. A JSON object that names a member twice, at any depth, is 422 \`validation_failed\` with \`invalid_format\` at the path of the repeat (D-56). Every response carries \`X-Request-Id\`.`;

export function createAdminRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerAdminComponents(registry);
  registerOperations(registry, ADMIN_OPERATIONS);
  return registry;
}

export function buildAdminDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const document = new OpenApiGeneratorV31(createAdminRegistry().definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Operator API',
      version: ADMIN_CONTRACT_VERSION,
      description: ADMIN_DESCRIPTION,
      contact: { name: 'Service operators', email: 'operators@example.com', url: 'https://example.com/operators' },
      license: LICENSE,
    },
    // Full `/admin/...` paths under the bare service address, so the document shows the paths
    // exactly as sandbox.md lists them.
    servers: [serviceServer('', 'The service; the operator API is mounted at /admin.')],
    security: [{ [ADMIN_SECURITY_SCHEME]: [] }],
    tags: Object.values(ADMIN_TAGS).map((name) => ({ name, description: ADMIN_TAG_DESCRIPTIONS[name] })),
  });
  return forEveryGenerator(document);
}
