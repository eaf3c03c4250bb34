// `svc logs tail`: the account's own request log (D-51, redacted as the operator's view is) as it
// happens, by long-polling tailRequestLog from a cursor. Starts with the latest few requests, so a
// request made just before is there too; one line per request (or its whole entry with --json).
import { parseArgs } from 'node:util';
import { tailRequestLog, type RequestLogTail } from '@registry-svc/sdk';
import { backoffDelay } from './backoff.js';
import { clientOf } from './client.js';
import { connectionOf } from './config.js';
import { GLOBAL_OPTIONS } from './flags.js';
import { GLOBAL_HELP } from './help.js';
import { UsageError, type Io } from './io.js';
import { dataOrFail } from './output.js';
import { parseStrict } from './parse.js';
import { validate } from './request.js';
import { COMMANDS } from '../../../generated/cli/commands.js';

const WAIT_SECONDS = 25;
const OPTIONS = {
  ...GLOBAL_OPTIONS,
  status: { type: 'string' },
  path: { type: 'string' },
  last: { type: 'string' },
} as const;

export const LOGS_HELP = `svc logs tail [--status 4xx|422|...] [--path TEXT] [--last N]

Follows your account's request log in the test environment as requests arrive: time, status,
method, path, Request-Id and operation, one line each (--json: the whole entry, redacted as the
log keeps it). Ctrl-C to stop.

Flags:
  --status S   only answers with this status (422) or of this class (4xx, 5xx)
  --path TEXT  only requests whose path contains TEXT
  --last N     start with the latest N requests (default 10; 0 for only new ones)

Global flags:
${GLOBAL_HELP.map(([left, right]) => `  ${left.padEnd(22)} ${right}`).join('\n')}
`;

type Entry = RequestLogTail['data'][number];

/** An error answer's code (`validation_failed`), for the line of a refused request. */
function errorCode(entry: Entry): string {
  if (entry.status < 400 || entry.responseBody === null) return '';
  let body: unknown;
  try {
    body = JSON.parse(entry.responseBody);
  } catch {
    return '';
  }
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' ? `  ${error}` : '';
}

function line(entry: Entry): string {
  const time = entry.createdAt.slice(11, 19);
  const query = entry.query ? `?${entry.query}` : '';
  return `${time}  ${entry.status} ${entry.method} ${entry.path}${query}  ${entry.requestId}  ${entry.operationId ?? ''}${errorCode(entry)}\n`;
}

export async function logs(args: string[], io: Io): Promise<void> {
  const { values, positionals } = parseStrict(
    () => parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true }),
    'svc logs',
  );
  if (values.help) return void io.stdout(LOGS_HELP);
  if (positionals[0] !== 'tail' || positionals.length !== 1) throw new UsageError('svc logs takes one action: tail (svc logs tail --help)');
  const last = values.last === undefined ? 10 : Number(values.last);
  if (!Number.isInteger(last) || last < 0 || last > 100) throw new UsageError('svc logs tail: --last must be a whole number from 0 to 100');
  const filters = { ...(values.status ? { status: values.status } : {}), ...(values.path ? { path: values.path } : {}) };
  const command = COMMANDS.find((c) => c.operationId === 'tailRequestLog');
  if (command) validate(command, { query: filters });
  const client = clientOf(connectionOf(values, io.env));
  const json = values.json === true;
  let after: string | undefined;
  let first = true;
  let failures = 0;
  while (!io.interrupted.aborted) {
    // The first read takes the latest `last` requests (or, with 0, only learns the cursor).
    const query = first ? { ...filters, limit: Math.max(last, 1) } : { ...filters, after, wait: WAIT_SECONDS, limit: 100 };
    const outcome = await tailRequestLog({ client, query, signal: io.interrupted }).catch((error: unknown) => ({
      error,
      response: undefined,
      request: undefined,
    }));
    if (io.interrupted.aborted) return;
    if (!outcome.response || outcome.response.status >= 500 || outcome.response.status === 429) {
      failures += 1;
      const delay = backoffDelay(failures);
      io.stderr(`lost the connection to the service; reconnecting in ${Math.round(delay / 1000)} s\n`);
      await io.pause(delay, io.interrupted);
      continue;
    }
    const tail = dataOrFail(outcome as never, io, false) as RequestLogTail;
    failures = 0;
    const shown = first && last === 0 ? [] : tail.data;
    for (const entry of shown) io.stdout(json ? `${JSON.stringify(entry)}\n` : line(entry));
    after = tail.nextCursor;
    first = false;
  }
}
