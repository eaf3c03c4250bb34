// Components every operator operation refers to: the token scheme and the response headers.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerRequiredHeader } from '../common/document-parts.js';
import { ADMIN_SECURITY_SCHEME } from '../common/operation.js';

export function registerAdminComponents(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', ADMIN_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'The operator token in `Authorization: Bearer $SVC_ADMIN_TOKEN`, compared in constant time. When the variable is unset in development the service generates a token and prints it at start. API keys and personal access tokens are not accepted here.',
  });
  // Only the headers this document uses: registering the public set would leave unused components.
  registerRequiredHeader(
    registry,
    'X-Request-Id',
    'Unique id of this request; quote it when reporting a problem. Sent on every response (D-13).',
    { type: 'string', example: 'req_8fKq2LmN4pQr7sTu9vWx1yZa' },
  );
  registerRequiredHeader(registry, 'WWW-Authenticate', 'Always `Bearer` on a 401.', { type: 'string', enum: ['Bearer'] });
}
