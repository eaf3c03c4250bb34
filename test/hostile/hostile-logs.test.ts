// Logs: a client that disconnected mid-body was logged at error level with a stack, and
// database-error lines carried the query parameters (contact e-mails, names). Now the first is a
// debug line without a stack, and a database error is logged with its statement's name, SQLSTATE and
// the request id, never the values it was given.
import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandInHandlers } from '../../server/http/handler.js';
import { createLogger } from '../../server/logger.js';
import { startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import { rawRequest } from '../support/wire.js';

const T = '/api/test/v2';
const SECRET_EMAIL = 'private.person@example.com';
const SECRET_NAME = 'MARGARET PRIVATE';

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  err?: Record<string, unknown>;
  [key: string]: unknown;
}

const lines: string[] = [];
const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);

/** Stand-ins whose database statements fail with what the caller sent as parameters. */
const handlers: StandInHandlers = {
  listWebhookEndpoints: async (ctx) => {
    await ctx.db.execute(sql`select ${SECRET_EMAIL}::int as n`);
    return { status: 200, body: { data: [] } };
  },
  createWebhookEndpoint: async (ctx, input) => {
    const body = input.body as { url: string };
    await ctx.db.execute(sql`insert into accounts (id, name) values (${body.url}, ${SECRET_NAME})`);
    return { status: 201, body: {} };
  },
};

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({
    record: false,
    handlers,
    logger: createLogger('debug', { write: (line: string) => void lines.push(line) }),
  });
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

async function waitFor(predicate: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('a client that disconnects mid-body', () => {
  it('is a debug line with the request id and no stack, not an error', async () => {
    const before = lines.length;
    const { port } = new URL(server.url);
    const socket = new Socket();
    await new Promise<void>((resolve) => socket.connect(Number(port), '127.0.0.1', resolve));
    socket.write(
      `POST ${T}/webhooks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.keys.secretTest}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"url":"https://hooks.example.com/`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const aborted = (): LogLine | undefined =>
      parsed()
        .slice(before)
        .find((l) => l.msg.includes('before the body was complete'));
    await waitFor(() => aborted() !== undefined);
    const line = aborted();
    expect(line, lines.slice(before).join('\n')).toBeDefined();
    expect(line!.level).toBe(20);
    expect(line!.requestId).toMatch(/\S/);
    expect(JSON.stringify(line)).not.toMatch(/stack|\n\s+at /);
    expect(
      parsed()
        .slice(before)
        .filter((l) => l.level >= 40),
    ).toEqual([]);
  });
});

describe('a database error', () => {
  it('is logged with the statement name, SQLSTATE and request id, never the parameters (query values)', async () => {
    const before = lines.length;
    const answer = await rawRequest(`${server.url}${T}/webhooks`, 'GET', { Authorization: `Bearer ${account.keys.secretTest}` });
    expect(answer.status).toBe(500);
    const requestId = answer.headers.get('x-request-id')!;
    await waitFor(() =>
      parsed()
        .slice(before)
        .some((l) => l.level === 50),
    );
    const errors = parsed()
      .slice(before)
      .filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.requestId).toBe(requestId);
    expect(errors[0]!.err).toMatchObject({ type: 'DatabaseError', statement: 'select', code: '22P02' });
    expect(lines.slice(before).join('\n')).not.toContain(SECRET_EMAIL);
  });

  it('never carries the request body that reached the statement', async () => {
    const before = lines.length;
    const url = `https://hooks.example.com/${SECRET_EMAIL}`;
    const answer = await rawRequest(
      `${server.url}${T}/webhooks`,
      'POST',
      { Authorization: `Bearer ${account.keys.secretTest}`, 'Content-Type': 'application/json' },
      JSON.stringify({ url, eventTypes: ['*'] }),
    );
    expect(answer.status).toBe(500);
    await waitFor(() =>
      parsed()
        .slice(before)
        .some((l) => l.level === 50),
    );
    const error = parsed()
      .slice(before)
      .find((l) => l.level === 50);
    expect(error?.err).toMatchObject({ type: 'DatabaseError', statement: 'insert accounts' });
    expect(error?.requestId).toBe(answer.headers.get('x-request-id'));
    const logged = lines.slice(before).join('\n');
    expect(logged).not.toContain(SECRET_EMAIL);
    expect(logged).not.toContain(SECRET_NAME);
  });
});
