// Prometheus metrics (/metrics): request counts and latency by method and status class. The API
// processes of `npm start --processes N` answer with all of theirs, aggregated by the primary
// (server/cluster.ts), so a scrape sees the service whichever process it reaches.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ProcessLink } from '../process-link.js';

export interface Metrics {
  observe: (method: string, status: number, seconds: number) => void;
  render: () => Promise<string>;
}

/** The primary asks each API process for its metrics (prom-client's JSON form). */
export const METRICS_COLLECT = 'metrics.collect';
/** An API process asks the primary for every process's metrics, aggregated, as text. */
export const METRICS_ALL = 'metrics.all';

export function createMetrics(link?: ProcessLink): Metrics {
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
  link?.answer(METRICS_COLLECT, () => registry.getMetricsAsJSON());
  return {
    observe: (method, status, seconds) => {
      requests.inc({ method, status: `${Math.floor(status / 100)}xx` });
      latency.observe({ method }, seconds);
    },
    render: link ? async () => String(await link.ask(METRICS_ALL)) : () => registry.metrics(),
  };
}
