// Secrets at rest: webhook signing secrets are sealed (AES-256-GCM under
// SVC_SECRET_KEY) in webhook_endpoints and in stored idempotent answers, so a copy of the database
// shows none of them. Endpoints are created and rotated, with and without Idempotency-Keys and their
// replays, then every issued `whsec_` secret is looked for:
// - in a dump of every row of every table (this run's engine), and with pg_dump on PostgreSQL;
// - on PGlite, in every file of a real server's data directory (table files and WAL), with the key
//   the server generated there (mode 0600), a plaintext row of an earlier version sealed at start,
//   and a start with another SVC_SECRET_KEY refused.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEndpointSecret } from '../../../server/delivery/endpoint-secrets.js';
import { newId } from '../../../server/ids.js';
import { SECRET_KEY_FILE } from '../../../server/config.js';
import { generateSecretKey } from '../../../server/sealing.js';
import { openDatabase, type Database } from '../../../server/store/db.js';
import { apiKeys, webhookEndpoints } from '../../../server/store/schema/index.js';
import { ADMIN_TOKEN, type TestServer } from '../../support/harness.js';
import { exitOf, groupServerEnv, signalGroup, spawnGroupServer, startGroupServer, type GroupServer } from '../../support/server-group.js';
import { addKey, SECRET_PATTERN, startWebhookServer } from './endpoints.support.js';

const PREFIX = '/api/test/v2';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed: boolean;
}

async function post(baseUrl: string, apiKey: string, path: string, body: unknown, idempotencyKey?: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${PREFIX}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    // rotate-secret takes no body: none is sent, as the document says.
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

/**
 * Creates three endpoints and rotates each twice, some with Idempotency-Keys (and replays them, to
 * the same API key: the same secret; to another key of the account: refused). Returns every secret
 * the API issued.
 */
async function issueSecrets(baseUrl: string, apiKey: string, otherApiKey: string, url: string): Promise<string[]> {
  const issued: string[] = [];
  const keep = (answer: Answer, status: number): Record<string, unknown> => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.secret).toMatch(SECRET_PATTERN);
    issued.push(String(answer.body.secret));
    return answer.body;
  };
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const body = { url: `${url}/${i}`, eventTypes: ['*'] };
    const key = i < 2 ? `create-${i}` : undefined;
    const created = keep(await post(baseUrl, apiKey, '/webhooks', body, key), 201);
    ids.push(String(created.id));
    if (key) {
      const replay = await post(baseUrl, apiKey, '/webhooks', body, key);
      expect(replay).toEqual({ status: 201, body: created, replayed: true });
    }
  }
  for (const [i, id] of ids.entries()) {
    keep(await post(baseUrl, apiKey, `/webhooks/${id}/rotate-secret`, undefined), 200);
    const key = `rotate-${i}`;
    const rotated = keep(await post(baseUrl, apiKey, `/webhooks/${id}/rotate-secret`, undefined, key), 200);
    const replay = await post(baseUrl, apiKey, `/webhooks/${id}/rotate-secret`, undefined, key);
    expect(replay).toEqual({ status: 200, body: rotated, replayed: true });
    // Another API key of the same account and environment: the record is in its scope, but the
    // secret is replayed only to the key that was answered.
    const stranger = await post(baseUrl, otherApiKey, `/webhooks/${id}/rotate-secret`, undefined, key);
    expect(stranger.status).toBe(409);
    expect(stranger.body.error).toBe('idempotency_key_reused');
    expect(JSON.stringify(stranger.body)).not.toContain('whsec_');
  }
  expect(new Set(issued).size).toBe(issued.length);
  return issued;
}

/**
 * Every issued secret, as the string given to the partner and as its base64 part alone: the part alone
 * is looked for, since the whole string holds it (one scan per secret instead of two, over the tens of
 * megabytes of a data directory).
 */
function expectNoSecretIn(what: string, haystack: Buffer, secrets: string[]): void {
  for (const secret of secrets) {
    const needle = secret.slice('whsec_'.length);
    expect(needle.length, 'a secret has a base64 part').toBeGreaterThan(16);
    expect(haystack.includes(Buffer.from(needle)), `${what} holds ${needle.slice(0, 10)}…`).toBe(false);
  }
}

/** Every row of every table of the public schema, as text. */
async function dumpRows(db: Database): Promise<Buffer> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  expect(tables.rows.map((t) => t.table_name)).toEqual(expect.arrayContaining(['webhook_endpoints', 'idempotency_records']));
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(sql`select t::text as row from ${sql.identifier(table_name)} t`)) as unknown as {
      rows: { row: string }[];
    };
    parts.push(`-- ${table_name}`, ...rows.rows.map((r) => r.row));
  }
  return Buffer.from(parts.join('\n'));
}

describe('a dump of the database holds no webhook signing secret', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebhookServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every row of every table: sealed values only, and each opens to what the API returned', async () => {
    const account = await server.createAccount();
    const other = await addKey(server, account.id, 'secret', 'test');
    const issued = await issueSecrets(server.url, account.keys.secretTest, other.secret, 'https://hooks.example.com/at-rest');

    const dump = await dumpRows(server.deps.db);
    expectNoSecretIn('the row dump', dump, issued);
    // The dump is real: it holds the endpoints and the sealed secrets and answers.
    const text = dump.toString();
    const endpoints = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, account.id));
    expect(endpoints).toHaveLength(3);
    for (const endpoint of endpoints) {
      expect(text).toContain(endpoint.id);
      expect(endpoint.secret).toBeNull();
      expect(text).toContain(endpoint.secretSealed!);
      // The current secret of each endpoint is the last one issued for it.
      expect(issued).toContain(openEndpointSecret(server.deps.sealer, endpoint));
    }
    expect(text.match(/sealed:v1:/g)!.length).toBeGreaterThanOrEqual(3 + 2 + 3);

    if (server.deps.engine === 'postgres') {
      // The operator's view of a backup: pg_dump of the whole database.
      const dumped = spawnSync('pg_dump', ['--data-only', server.deps.config.DATABASE_URL!], { maxBuffer: 256 * 1024 * 1024 });
      expect(dumped.error, 'pg_dump must be installed for the PostgreSQL run').toBeUndefined();
      expect(dumped.status, dumped.stderr.toString()).toBe(0);
      expect(dumped.stdout.toString()).toContain(endpoints[0]!.id);
      expectNoSecretIn('pg_dump', dumped.stdout, issued);
    }
  });
});

/** Every file under a directory, concatenated (table files, WAL, everything). */
function readTree(dir: string): Buffer {
  const chunks: Buffer[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) chunks.push(readFileSync(join(entry.parentPath, entry.name)));
  }
  return Buffer.concat(chunks);
}

// The PGlite data directory is this run's engine only in the PGlite run; the PostgreSQL run dumps above.
if (!process.env.TEST_DATABASE_URL) {
  describe('a PGlite data directory holds no webhook signing secret', () => {
    let dataDir: string;
    let running: GroupServer | undefined;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'svc-at-rest-'));
    });
    afterAll(async () => {
      if (running) await signalGroup(running.child, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    const admin = async (baseUrl: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    // Three starts of a real server on PGlite (the first one creating the cluster).
    it(
      'table files and WAL, with the generated key; a plaintext row of an earlier version is sealed at start',
      { timeout: 240_000 },
      async () => {
        // First start without SVC_SECRET_KEY: the key is generated into the data directory.
        running = await startGroupServer(groupServerEnv('pglite', dataDir));
        const keyFile = join(dataDir, SECRET_KEY_FILE);
        expect(statSync(keyFile).mode & 0o777).toBe(0o600);
        const created = await admin(running.url, 'POST', '/admin/accounts', {
          name: 'At rest',
          ownerEmail: 'at-rest@example.com',
          plan: 'standard',
          billing: 'card',
          cardStatus: 'valid',
        });
        expect(created.status).toBe(201);
        const accountId = (created.body.account as { id: string }).id;
        const apiKey = (created.body.keys as { secretTest: string }).secretTest;
        const second = await admin(running.url, 'POST', `/admin/accounts/${accountId}/keys`, { type: 'secret', environment: 'test' });
        expect(second.status).toBe(201);
        const issued = await issueSecrets(running.url, apiKey, second.body.secret as string, 'http://127.0.0.1:9/at-rest');

        // Killed, not stopped: whatever was written is what a crash leaves (pages and WAL alike).
        await signalGroup(running.child, 'SIGKILL');
        running = undefined;
        const files = readTree(dataDir);
        expect(files.length).toBeGreaterThan(1024 * 1024);
        expectNoSecretIn('the data directory', files, issued);

        // A row as an earlier version wrote it: the plaintext secret in `secret`.
        const legacySecret = 'whsec_TGVnYWN5UGxhaW50ZXh0U2VjcmV0MDEy';
        const legacyId = newId('we');
        const opened = await openDatabase({ dataDir });
        try {
          const [key] = await opened.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.accountId, accountId)).limit(1);
          const now = new Date();
          await opened.db.insert(webhookEndpoints).values({
            id: legacyId,
            accountId,
            keyId: key!.id,
            environment: 'test',
            url: 'http://127.0.0.1:9/legacy',
            eventTypes: ['*'],
            secret: legacySecret,
            createdAt: now,
            updatedAt: now,
          });
        } finally {
          await opened.close();
        }

        // Another SVC_SECRET_KEY cannot open what is stored: the start is refused, naming the variable.
        const wrong = spawnGroupServer(groupServerEnv('pglite', dataDir, { SVC_SECRET_KEY: generateSecretKey() }));
        expect(await exitOf(wrong)).toBe(2);
        expect(wrong.output()).toMatch(/SVC_SECRET_KEY: the webhook signing secrets in this database do not open with it/);

        // With the key it generated: the plaintext row is sealed at start, and a replay still opens.
        running = await startGroupServer(groupServerEnv('pglite', dataDir));
        const replay = await post(running.url, apiKey, '/webhooks', { url: 'http://127.0.0.1:9/at-rest/0', eventTypes: ['*'] }, 'create-0');
        expect(replay.replayed).toBe(true);
        expect(issued).toContain(replay.body.secret);
        await signalGroup(running.child, 'SIGTERM');
        running = undefined;

        const reopened = await openDatabase({ dataDir });
        try {
          const [legacy] = await reopened.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, legacyId));
          expect(legacy!.secret).toBeNull();
          expect(legacy!.secretSealed).toMatch(/^sealed:v1:/);
          const dump = await dumpRows(reopened.db);
          expectNoSecretIn('the row dump after the restart', dump, issued);
          expect(dump.includes(Buffer.from(legacySecret))).toBe(false);
        } finally {
          await reopened.close();
        }
      },
    );
  });
}
