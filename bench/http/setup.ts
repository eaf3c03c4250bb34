// What the HTTP benchmarks share: a throw-away PostgreSQL database per server, and JSON calls to the
// operator API to set up accounts and keys.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new database on the server of `baseUrl`, and how to drop it (WITH FORCE: its server may still hold connections). */
export async function throwawayDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `svc_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** One JSON request with a bearer token; throws on an answer that is not 2xx. */
export async function adminJson<T>(url: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
