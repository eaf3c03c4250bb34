// The floor of a request path: bare Express 5 with the server's own database driver and
// only the statements the path needs, in its own process. `--engine none` is bare Express alone.
//   tsx bench/http/floor-server.ts --engine pglite|postgres|none [--database-url URL]
// Prints "listening on <url>" once it answers.
import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import express from 'express';
import pg from 'pg';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'none' }, 'database-url': { type: 'string' } } });

type Query = (text: string, params: unknown[]) => Promise<unknown[]>;

async function openQuery(): Promise<Query | undefined> {
  if (values.engine === 'postgres') {
    // The server's pool size (server/store/db.ts).
    const pool = new pg.Pool({ connectionString: values['database-url'], max: 10 });
    return async (text, params) => (await pool.query(text, params)).rows as unknown[];
  }
  if (values.engine === 'pglite') {
    const db = new PGlite('memory://');
    return async (text, params) => (await db.query(text, params)).rows;
  }
  return undefined;
}

const query = await openQuery();
if (query) {
  // The shape of the tables the two paths touch: an indexed read by owner, a one-row insert.
  for (const statement of [
    'create table if not exists floor_items (id bigserial primary key, account_id text not null, environment text not null, url text not null, created_at timestamptz not null default now())',
    'create index if not exists floor_items_owner on floor_items (account_id, environment, id)',
    'create table if not exists floor_writes (id bigserial primary key, account_id text not null, body jsonb not null, created_at timestamptz not null default now())',
  ])
    await query(statement, []);
  for (let i = 0; i < 3; i++)
    await query('insert into floor_items (account_id, environment, url) values ($1, $2, $3)', [
      'acc_1',
      'test',
      `https://example.com/${i}`,
    ]);
}

const app = express();
app.get('/hello', (_req, res) => void res.json({ name: 'SANDBOX TRADING PTY LTD', available: false }));
if (query) {
  app.get('/read', async (_req, res) => {
    const rows = await query(
      'select id, url, created_at from floor_items where account_id = $1 and environment = $2 order by id limit 26',
      ['acc_1', 'test'],
    );
    res.json({ data: rows, meta: { page: 1, perPage: 25 } });
  });
  app.post('/write', express.json(), async (req, res) => {
    const [row] = await query('insert into floor_writes (account_id, body) values ($1, $2) returning id, created_at', [
      'acc_1',
      JSON.stringify(req.body),
    ]);
    res.status(201).json(row);
  });
}
const server: Server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address) process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
});
