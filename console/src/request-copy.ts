// A logged request (D-51) written again as a command to repeat it: a curl line, or a call of the
// generated SDK. Pure functions of the log entry, the service origin and the document's operations.

export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  operationId: string | null;
  requestHeaders: Record<string, string>;
  requestBody?: unknown;
}

export type Operations = Record<string, { method: string; path: string }>;

/** The API prefixes a logged path starts with (D-01, D-40). */
const PREFIX = /^\/api(?:\/test)?\/v[12](?=\/)/;
/** Request headers worth repeating; the key is never logged, so it comes from `$SVC_KEY`. */
const REPEATED_HEADERS = ['content-type', 'idempotency-key'];

/** One word for a POSIX shell: single-quoted, with each `'` closed, escaped and reopened. */
export function shellWord(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function bodyText(body: unknown): string | undefined {
  if (body === null || body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

export function curlOf(entry: LoggedRequest, origin: string): string {
  const url = `${origin}${entry.path}${entry.query ? `?${entry.query}` : ''}`;
  const lines = [`curl -X ${entry.method} ${shellWord(url)}`, `-H "Authorization: Bearer $SVC_KEY"`];
  for (const name of REPEATED_HEADERS) {
    const value = entry.requestHeaders[name];
    if (value !== undefined) lines.push(`-H ${shellWord(`${name}: ${value}`)}`);
  }
  const body = bodyText(entry.requestBody);
  if (body !== undefined) lines.push(`--data ${shellWord(body)}`);
  return lines.join(' \\\n  ');
}

/** Path parameters, by matching the path (without its prefix) against the operation's template. */
export function pathParams(path: string, template: string): Record<string, string> | undefined {
  const actual = path.replace(PREFIX, '').split('/');
  const wanted = template.split('/');
  if (actual.length !== wanted.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of wanted.entries()) {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name) params[name] = decodeURIComponent(actual[i]!);
    else if (part !== actual[i]) return undefined;
  }
  return params;
}

/** A value as TypeScript source: digits become numbers (ids, pages), anything else a string. */
function literal(value: string): string {
  return /^[1-9]\d{0,14}$/.test(value) ? value : JSON.stringify(value);
}

function objectSource(entries: [string, string][]): string {
  return `{ ${entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${literal(v)}`).join(', ')} }`;
}

export function sdkCallOf(entry: LoggedRequest, origin: string, operations: Operations): string {
  const operation = entry.operationId ? operations[entry.operationId] : undefined;
  const prefix = PREFIX.exec(entry.path)?.[0] ?? '/api/test/v2';
  if (!entry.operationId || !operation)
    return `// ${entry.method} ${entry.path} reached no operation of the document: repeat it with curl.`;
  const options: string[] = ['client'];
  const params = pathParams(entry.path, operation.path) ?? {};
  if (Object.keys(params).length > 0) options.push(`path: ${objectSource(Object.entries(params))}`);
  const query = [...new URLSearchParams(entry.query).entries()];
  if (query.length > 0) options.push(`query: ${objectSource(query)}`);
  const idempotencyKey = entry.requestHeaders['idempotency-key'];
  if (idempotencyKey !== undefined) options.push(`headers: { 'Idempotency-Key': ${JSON.stringify(idempotencyKey)} }`);
  const body = entry.requestBody;
  if (body !== null && body !== undefined) options.push(`body: ${JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}`);
  return [
    `import { createClient, createConfig } from './generated/client/client/index.js';`,
    `import { ${entry.operationId} } from './generated/client/index.js';`,
    '',
    `const client = createClient(createConfig({ baseUrl: ${JSON.stringify(`${origin}${prefix}`)}, auth: () => process.env.SVC_KEY }));`,
    `const { data, error, response } = await ${entry.operationId}({`,
    ...options.map((option) => `  ${option},`),
    '});',
  ].join('\n');
}
