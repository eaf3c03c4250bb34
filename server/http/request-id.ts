// The X-Request-Id the service gives a request that did not bring a usable one of its own.
import { randomUUID } from 'node:crypto';

export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}
