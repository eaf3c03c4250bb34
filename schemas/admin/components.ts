// Components every operator operation refers to: the token scheme and the response headers.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ADMIN_SECURITY_SCHEME } from '../common/operation.js';

export function registerAdminComponents(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', ADMIN_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description:
      'The operator token in `Authorization: Bearer $SVC_ADMIN_TOKEN`, compared in constant time. When the variable is unset in development the service generates a token and prints it at start. API keys and personal access tokens are not accepted here.',
  });
  // Only the headers this document uses: registering the public set would leave unused components.
  registry.registerComponent('headers', 'X-Request-Id', {
    description: 'Unique id of this request; quote it when reporting a problem. Sent on every response (D-13).',
    required: true,
    schema: { type: 'string', example: 'req_8fKq2LmN4pQr7sTu9vWx1yZa' },
  });
  registry.registerComponent('headers', 'WWW-Authenticate', {
    description: 'Always `Bearer` on a 401.',
    required: true,
    schema: { type: 'string', enum: ['Bearer'] },
  });
}
