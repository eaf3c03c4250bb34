import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export function registerWebhooksPaths(_registry: OpenAPIRegistry): void {}
