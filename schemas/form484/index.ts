import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

export function registerForm484Paths(_registry: OpenAPIRegistry): void {}
