// A load generator for requests that must differ from one another (a webhook endpoint per key: each key
// holds at most ten), run in a process of its own like autocannon: `connections` loops, each sending
// the next request of the list as soon as its last answer is read.
//   tsx bench/http/drive.ts SPEC.json   (prints one JSON line: rps, p50, p99, statuses)
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';

export interface DriveSpec {
  origin: string;
  connections: number;
  seconds: number;
  requests: Array<{ method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string }>;
  /** Start over at the first request when the list is used up (else stop there). */
  cycle?: boolean;
}

export interface DriveResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
}

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as DriveSpec;
const pool = new Pool(spec.origin, { connections: spec.connections, pipelining: 1 });
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let errors = 0;
let next = 0;
const started = performance.now();
const deadline = started + spec.seconds * 1000;

async function loop(): Promise<void> {
  while (performance.now() < deadline && (spec.cycle || next < spec.requests.length)) {
    const request = spec.requests[next++ % spec.requests.length]!;
    const sent = performance.now();
    try {
      const response = await pool.request({ ...request, ...(request.body ? { body: request.body } : {}) });
      await response.body.dump();
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      latencies.push(performance.now() - sent);
    } catch {
      errors += 1;
    }
  }
}

await Promise.all(Array.from({ length: spec.connections }, loop));
const elapsed = (performance.now() - started) / 1000;
await pool.close();
latencies.sort((a, b) => a - b);
const at = (q: number): number => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
const result: DriveResult = { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), statuses, errors };
process.stdout.write(`${JSON.stringify(result)}\n`);
