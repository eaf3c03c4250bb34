import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';

export function createAdminRegistry(): OpenAPIRegistry {
  return new OpenAPIRegistry();
}

export function buildAdminDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  return new OpenApiGeneratorV31(createAdminRegistry().definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Operator API', version: '1.0.0' },
  });
}
