// The mock: Prism serving an OpenAPI document, behind the front (front.ts) that refuses a request with
// the server's own checks before Prism answers it from the examples. One implementation for both
// ways to run it: `npm run mock` (cli.ts, the repository's spec/openapi.json) and the package
// `@registry-svc/mock` (packages/mock: this file bundled, with the document it was built with).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { documentForToday, isCalendarDate } from '@registry-svc/contract/example-dates';
import { brisbaneDate } from '../../schemas/common/dates.js';
import { freePort } from '../free-port.js';

export interface MockSettings {
  /** The command as the user typed it, for --help. */
  program: string;
  /** The document served when none is named. */
  defaultDocument: string;
  defaultDocumentLabel: string;
}

function usage({ program, defaultDocumentLabel }: MockSettings): string {
  return `Usage: ${program} [--host 127.0.0.1] [--port 4010] [--prism-port N] [--dynamic] [--today YYYY-MM-DD] [document]

Serves the Registry service's OpenAPI document as a mock: Prism answers from the document's examples
(or, with --dynamic, from its schemas), behind a front that refuses a bad request exactly as the
service does (the same checks, the same error bodies).

  --host HOST        address to listen on (default 127.0.0.1)
  --port N           port clients call (default 4010)
  --prism-port N     port of Prism itself, behind the front, on 127.0.0.1 (default: --port + 1;
                     0 picks any free port). Call --port, never this one: Prism alone skips the checks.
  --dynamic          answers generated from the schemas instead of the documented examples
  --today YYYY-MM-DD the mock's day: its examples' dates are moved to it, as the service moves them
                     to its own today, and dates in requests are judged against it (default: today
                     in Australia/Brisbane; give the document's x-examples-date for its examples as written)
  document           the OpenAPI document to serve (default: ${defaultDocumentLabel})
  -h, --help         this text
`;
}

/** Prism's command, from wherever @stoplight/prism-cli is installed beside this file. */
function prismBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  return resolve(dirname(manifestPath), manifest.bin.prism!);
}

function portOf(text: string, option: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new Error(`${option} takes a port number (0-65535), not "${text}"`);
  return port;
}

/** Parses the arguments and runs the mock until SIGINT/SIGTERM; answers the exit code on a usage error. */
export async function mockMain(argv: string[], settings: MockSettings): Promise<number | undefined> {
  let parsed;
  let port: number;
  let prismPort: number;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '4010' },
        'prism-port': { type: 'string' },
        dynamic: { type: 'boolean', default: false },
        today: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
    });
    port = portOf(parsed.values.port, '--port');
    // Beside the port clients call, so that a firewall rule or a second mock can count on it (port 0
    // has no neighbour: any free port then).
    const prismOption = parsed.values['prism-port'];
    prismPort = prismOption === undefined ? (port === 0 ? 0 : port + 1) : portOf(prismOption, '--prism-port');
    if (prismPort > 0 && prismPort === port) throw new Error('--prism-port must differ from --port');
    const today = parsed.values.today;
    if (today !== undefined && !isCalendarDate(today)) throw new Error(`--today takes a date (YYYY-MM-DD), not "${today}"`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage(settings)}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(usage(settings));
    return 0;
  }
  const documentPath = resolve(positionals[0] ?? settings.defaultDocument);
  if (prismPort === 0) prismPort = await freePort();
  // D-61: the mock is a running service to its callers, so its examples are dated its day, as the
  // service's /openapi.json is; Prism serves a copy of the document written for that day.
  const today = values.today ?? brisbaneDate(new Date());
  const document = documentForToday(JSON.parse(readFileSync(documentPath, 'utf8')) as Record<string, unknown>, today);
  const scratch = mkdtempSync(join(tmpdir(), 'registry-svc-mock-'));
  const servedPath = join(scratch, 'openapi.json');
  writeFileSync(servedPath, JSON.stringify(document));
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

  const prismUrl = new URL(`http://127.0.0.1:${prismPort}`);
  const prism = spawn(
    process.execPath,
    [prismBin(), 'mock', '--host', '127.0.0.1', '--port', String(prismPort), ...(values.dynamic ? ['--dynamic'] : []), servedPath],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let publicUrl = `http://${values.host}:${port}`;
  // Prism logs its own (internal) address; show the one clients use.
  const relay = (to: NodeJS.WriteStream) => (chunk: Buffer) => to.write(chunk.toString().replaceAll(prismUrl.origin, publicUrl));
  prism.stdout.on('data', relay(process.stdout));
  prism.stderr.on('data', relay(process.stderr));
  prism.on('exit', (code, signal) => {
    process.stderr.write(`prism exited (${signal ?? code})\n`);
    process.exit(code ?? 1);
  });

  /** The front opens once Prism answers, so a client never meets a front with nothing behind it. */
  async function prismReady(): Promise<void> {
    for (;;) {
      try {
        await fetch(`${prismUrl.origin}/__health`);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  // The front loads the server's checks (seconds of compiling on a busy machine) while Prism starts.
  const { createMockFront } = await import('./front.js');
  const [front] = await Promise.all([createMockFront(document, prismUrl, values.today), prismReady()]);
  front.listen(port, values.host, () => {
    const address = front.address();
    if (port === 0 && typeof address === 'object' && address) publicUrl = `http://${values.host}:${address.port}`;
    process.stdout.write(`mock front listening on ${publicUrl} (Prism behind it on ${prismUrl.origin})\n`);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      front.close();
      prism.kill(signal);
    });
  return undefined;
}
