// Prometheus metrics (/metrics): request counts and latency by method and status class.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  observe: (method: string, status: number, seconds: number) => void;
  render: () => Promise<string>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'svc_http_requests_total',
    help: 'HTTP requests',
    labelNames: ['method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'svc_http_request_seconds',
    help: 'HTTP request latency',
    labelNames: ['method'],
    registers: [registry],
  });
  return {
    observe: (method, status, seconds) => {
      requests.inc({ method, status: `${Math.floor(status / 100)}xx` });
      latency.observe({ method }, seconds);
    },
    render: () => registry.metrics(),
  };
}
