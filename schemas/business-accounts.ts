import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export function registerBusinessAccountsPaths(_registry: OpenAPIRegistry): void {}
