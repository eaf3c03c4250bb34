import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export function registerPpsrSearchesPaths(_registry: OpenAPIRegistry): void {}
