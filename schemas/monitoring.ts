import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export function registerMonitoringPaths(_registry: OpenAPIRegistry): void {}
