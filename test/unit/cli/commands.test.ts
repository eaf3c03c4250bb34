// The CLI's generated commands (D-82): one per operation of the public document, its help listing
// the document's parameters as flags, its flags read into the request the SDK sends, and bad input
// refused with one line and exit code 2 before anything is sent (D-83). No service: a request that
// passes validation would go to a port nothing listens on, and none of these gets that far.
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as sdk from '../../../generated/client/index.js';
import * as zodValidators from '../../../generated/client/zod.gen.js';
import { COMMANDS } from '../../../generated/cli/commands.js';
import { commandName } from '../../../scripts/cli-commands.js';
import '../../../packages/cli/src/built-ins.js';
import { main } from '../../../packages/cli/src/main.js';
import { inputOf } from '../../../packages/cli/src/request.js';
import { baseUrlOf } from '../../../packages/cli/src/config.js';

interface Document {
  paths: Record<string, Record<string, { operationId?: string; parameters?: { $ref?: string; name?: string; in?: string }[] }>>;
  components: { parameters?: Record<string, { name: string; in: string }> };
}
const DOCUMENT = JSON.parse(readFileSync(join(import.meta.dirname, '../../../spec/openapi.json'), 'utf8')) as Document;
const OPERATIONS = Object.entries(DOCUMENT.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => typeof op === 'object' && op !== null && 'operationId' in op)
    .map(([method, op]) => ({ path, method, operationId: op.operationId!, parameters: op.parameters ?? [] })),
);

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs a command line in process; answers its exit code and what it printed. */
async function svc(args: string[], env: Record<string, string> = {}, stdin = '') {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    // No test here reaches a service: each is refused before sending, or names a closed port.
    env: { SVC_BASE_URL: 'http://127.0.0.1:9/api/test/v2', ...env },
    readStdin: () => Promise.resolve(stdin),
    interrupted: new AbortController().signal,
    version: '0.0.0-test',
    pause: () => Promise.resolve(),
  });
  return { code, stdout, stderr };
}

describe('svc <resource> <action>: one command per operation of the document', () => {
  it('every public operation has exactly one command, an SDK function and the SDK validators it names', () => {
    expect(OPERATIONS.length).toBeGreaterThan(30);
    const byOperation = new Map(COMMANDS.map((command) => [command.operationId, command]));
    for (const operation of OPERATIONS) {
      const command = byOperation.get(operation.operationId);
      expect(command, `${operation.operationId} has no command`).toBeDefined();
      expect(`${command!.method} ${command!.path}`).toBe(`${operation.method} ${operation.path}`);
      expect(typeof (sdk as Record<string, unknown>)[operation.operationId], operation.operationId).toBe('function');
      for (const name of Object.values(command!.validators)) expect(zodValidators, name).toHaveProperty(name);
    }
    expect(COMMANDS.length).toBe(OPERATIONS.length);
  });

  it('names a command by its operationId: the verb is the action, the rest the resource with its last word singular', () => {
    expect(commandName('listMonitoringEntities')).toEqual({ resource: 'monitoring-entity', action: 'list' });
    expect(commandName('getForm484Status')).toEqual({ resource: 'form484-status', action: 'get' });
    expect(commandName('listWebhookDeliveries')).toEqual({ resource: 'webhook-delivery', action: 'list' });
    expect(commandName('createPpsrSearch')).toEqual({ resource: 'ppsr-search', action: 'create' });
  });

  it('--help of every command lists each path and query parameter of the document as a flag', async () => {
    for (const command of COMMANDS) {
      const { code, stdout } = await svc([command.resource, command.action, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(`${command.method.toUpperCase()} ${command.path}`);
      const operation = OPERATIONS.find((op) => op.operationId === command.operationId)!;
      for (const raw of operation.parameters) {
        const parameter = raw.$ref ? DOCUMENT.components.parameters![raw.$ref.split('/').pop()!]! : raw;
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        const flag = `--${parameter.name!.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()} `;
        expect(stdout, `${command.operationId} ${parameter.name}`).toContain(flag);
      }
    }
  });

  it('svc --help lists every resource; svc <resource> lists its actions', async () => {
    const { code, stdout } = await svc(['--help']);
    expect(code).toBe(0);
    for (const command of COMMANDS) expect(stdout).toContain(command.resource);
    expect(stdout).toMatch(/listen --forward-to/);
    const resource = await svc(['monitoring-entity']);
    expect(resource.stdout).toMatch(/list\s+List monitored entities|list\s+\S/);
    expect(resource.stdout).toContain('renew');
  });
});

describe('the guide and the README', () => {
  it('every svc command line they print is a command the CLI knows, with flags it takes', async () => {
    const lines = ['docs/guide/10-your-laptop.md', 'packages/cli/README.md'].flatMap((file) =>
      readFileSync(join(import.meta.dirname, '../../..', file), 'utf8')
        .split('\n')
        .filter((line) => /^npx svc /.test(line))
        .map((line) => line.replace(/\s+#.*$/, '').trim()),
    );
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) {
      // --help after the line: parsed in full (an unknown flag is still exit 2), nothing sent.
      const args = line
        .split(/\s+/)
        .slice(2)
        .filter((arg) => !arg.startsWith("'"));
      const { code, stderr } = await svc([...args, '--help']);
      expect(`${line}: ${stderr}`).toBe(`${line}: `);
      expect(code).toBe(0);
    }
  });
});

describe('flags into the request', () => {
  const command = (operationId: string) => COMMANDS.find((c) => c.operationId === operationId)!;
  const io = { readStdin: () => Promise.resolve('{"url":"https://example.com/stdin","eventTypes":["*"]}') } as never;

  it('reads integers, lists and booleans as the document types them', async () => {
    expect(await inputOf(command('getLodgement'), { 'request-id': '42' }, io)).toEqual({ path: { requestId: 42 } });
    expect(await inputOf(command('renewMonitoringEntities'), { ids: ['1,2', '3'] }, io)).toEqual({ body: { ids: [1, 2, 3] } });
    expect(await inputOf(command('updateWebhookEndpoint'), { id: 'we_1', enabled: 'false' }, io)).toEqual({
      path: { id: 'we_1' },
      body: { enabled: false },
    });
    // Not an integer: passed on as text for the validator to refuse in the service's words.
    expect(await inputOf(command('getLodgement'), { 'request-id': '4x' }, io)).toEqual({ path: { requestId: '4x' } });
  });

  it('takes a whole body from --data inline, @file or - (stdin), flags overriding its fields', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-data-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'body.json'), '{"url":"https://example.com/file","eventTypes":["monitoring.expired"]}');
    const create = command('createWebhookEndpoint');
    expect(await inputOf(create, { data: `@${join(dir, 'body.json')}` }, io)).toEqual({
      body: { url: 'https://example.com/file', eventTypes: ['monitoring.expired'] },
    });
    expect(await inputOf(create, { data: '-', url: 'https://example.com/flag' }, io)).toEqual({
      body: { url: 'https://example.com/flag', eventTypes: ['*'] },
    });
    expect(await inputOf(create, { data: '{"url":"https://example.com/inline"}' }, io)).toEqual({
      body: { url: 'https://example.com/inline' },
    });
  });

  it('reads a service origin as its test environment and keeps a full API URL', () => {
    expect(baseUrlOf('http://localhost:4000', {})).toBe('http://localhost:4000/api/test/v2');
    expect(baseUrlOf(undefined, { SVC_BASE_URL: 'https://sandbox.example/api/test/v2/' })).toBe('https://sandbox.example/api/test/v2');
    expect(baseUrlOf(undefined, {})).toBe('http://127.0.0.1:4000/api/test/v2');
  });
});

describe('bad input: one line on stderr, exit code 2, nothing sent', () => {
  const KEY = { SVC_API_KEY: 'svc_sk_test_unit' };
  const cases: [string, string[], Record<string, string>, RegExp][] = [
    ['an unknown command', ['frobnicate'], KEY, /^svc: unknown command "frobnicate"/],
    ['an unknown action', ['ppsr-search', 'frob'], KEY, /unknown action "frob" for ppsr-search: its actions are create, get/],
    ['an unknown flag', ['lodgement', 'get', '--request-id', '1', '--colour', 'red'], KEY, /Unknown option '--colour'/],
    ['an unknown flag before the command', ['--colour', 'red', 'lodgement', 'get'], KEY, /^svc: --colour before a command/],
    // Global flags may come first; the command's own flags are still checked.
    [
      'a refused value after global flags',
      ['--api-key', 'svc_sk_test_x', '--json', 'lodgement', 'get', '--request-id', 'x'],
      {},
      /requestId \(--request-id\)/,
    ],
    ['a flag without its value', ['lodgement', 'get', '--request-id'], KEY, /--request-id/],
    [
      'a value the validator refuses',
      ['lodgement', 'get', '--request-id', 'abc'],
      KEY,
      /requestId \(--request-id\): Must be of type \w+\. \[invalid_type\]/,
    ],
    ['a missing required field', ['webhook-endpoint', 'create', '--event-types', '*'], KEY, /url \(--url\): Required\. \[required\]/],
    ['a value outside the enum', ['trigger', 'monitoring.changed'], KEY, /eventType .*Must be one of: .*monitoring\.change_detected/],
    ['--data that is not JSON', ['webhook-endpoint', 'create', '--data', '{url'], KEY, /--data: the --data value is not JSON/],
    [
      'a --data file that does not exist',
      ['webhook-endpoint', 'create', '--data', '@/nonexistent/body.json'],
      KEY,
      /cannot read \/nonexistent\/body\.json \(ENOENT\)/,
    ],
    ['a missing key', ['lodgement', 'get', '--request-id', '1'], {}, /no API key: pass --api-key or set SVC_API_KEY/],
    ['listen without --forward-to', ['listen'], KEY, /--forward-to URL is required/],
    [
      'listen for an unknown event type',
      ['listen', '--forward-to', 'http://localhost:3000/hooks', '--events', 'monitoring.changed'],
      KEY,
      /eventTypes\.0: Must be one of: .*monitoring\.expired/,
    ],
    ['logs without tail', ['logs', 'head'], KEY, /svc logs takes one action: tail/],
    ['a bad --base-url', ['lodgement', 'get', '--request-id', '1', '--base-url', 'not a url'], KEY, /--base-url "not a url" is not a URL/],
  ];
  for (const [what, args, env, message] of cases)
    it(what, async () => {
      const { code, stdout, stderr } = await svc(args, env);
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stdout).toBe('');
      expect(code).toBe(2);
    });

  it('a valid request to a service that is not there: exit code 1 naming the URL', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { code, stderr } = await svc(['lodgement', 'get', '--request-id', '1'], { ...KEY, SVC_BASE_URL: `http://127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `svc: Cannot reach http://127.0.0.1:${port}/api/test/v2/lodgements/1: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:${port}). Is the service running there, and is the client's baseUrl right?\n`,
    );
  });
});
