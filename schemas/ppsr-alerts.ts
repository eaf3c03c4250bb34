import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export function registerPpsrAlertsPaths(_registry: OpenAPIRegistry): void {}
