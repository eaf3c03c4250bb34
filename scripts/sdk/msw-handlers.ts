// MSW 2 request handlers that answer the document's examples, so a frontend's component tests and
// Storybook run without any server (D-66). Shipped inside the SDK: `npm run generate` copies this file
// to generated/client/msw-handlers.ts, and generated/client/msw.gen.ts (the SDK's `./msw` subpath)
// fills it with every public operation's documented responses. Imports only `msw` (no Node module),
// so a browser bundle uses the same handlers with `msw/browser`.
import { http, HttpResponse, type HttpHandler } from 'msw';

/** One documented response of an operation: its content type, required headers and named examples. */
export interface MockResponse {
  /** `application/json`, `application/pdf`, or null when the response has no body (204). */
  readonly contentType: string | null;
  /** The required response headers, with their documented example values. */
  readonly headers: Readonly<Record<string, string>>;
  readonly examples: Readonly<Record<string, unknown>>;
}

/** One operation of the document, as the handlers need it. */
export interface MockOperation {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path under a server prefix, in the document's `{name}` form. */
  readonly path: string;
  /** The status answered when nothing else is asked for: the first documented success. */
  readonly success: number;
  readonly responses: Readonly<Record<number, MockResponse>>;
}

/** Which documented response to answer: a status and, optionally, one of its examples by name. */
export interface MockChoice {
  readonly status: number;
  /** An example's name under that status; the first one when left out. */
  readonly example?: string;
}

/** Where the client sends its requests. */
export interface MockServerOptions {
  /**
   * What comes before the server prefix: an origin such as `https://api.example.com`, or `*` (the
   * default) for any origin.
   */
  readonly baseUrl?: string;
  /** The server prefixes to answer on (by default every server of the document: test and live, V2 and V1). */
  readonly prefixes?: readonly string[];
}

/** The handlers of one operation, one per prefix, answering `choice` unless the request asks with `Prefer`. */
export function operationHandlers(
  operationId: string,
  operation: MockOperation,
  choice: MockChoice | undefined,
  options: MockServerOptions & { readonly prefixes: readonly string[] },
): HttpHandler[] {
  // A choice made in code is checked now, so a misspelt example fails the test that made it.
  const fixed = choice === undefined ? undefined : pick(operation, choice);
  if (fixed instanceof Error) throw new Error(`${operationId}: ${fixed.message}`);
  const origin = (options.baseUrl ?? '*').replace(/\/+$/, '');
  return options.prefixes.map((prefix) =>
    http[operation.method](`${origin}${prefix}${operation.path.replace(/\{([^}]+)\}/g, ':$1')}`, ({ request, params }) => {
      const asked = preferredChoice(request.headers.get('prefer'));
      const answer = asked === undefined ? (fixed ?? pick(operation, { status: operation.success })) : pick(operation, asked);
      if (answer instanceof Error) return notDocumented(operationId, operation, answer);
      return respond(answer, params);
    }),
  );
}

interface Answer {
  readonly status: number;
  readonly response: MockResponse;
  readonly body: unknown;
}

function pick(operation: MockOperation, choice: { readonly status?: number; readonly example?: string }): Answer | Error {
  const statuses = Object.keys(operation.responses).map(Number);
  // `example=name` alone: the success's example of that name, else the first status that has one.
  const status =
    choice.status ??
    [operation.success, ...statuses].find(
      (code) => choice.example !== undefined && operation.responses[code]?.examples[choice.example] !== undefined,
    );
  const response = status === undefined ? undefined : operation.responses[status];
  if (status === undefined || response === undefined)
    return new Error(`no documented response ${choice.status ?? `with the example ${choice.example}`}`);
  const names = Object.keys(response.examples);
  const name = choice.example ?? names[0];
  if (choice.example !== undefined && !names.includes(choice.example)) {
    return new Error(`no example ${choice.example} under ${status} (documented: ${names.join(', ') || 'none'})`);
  }
  return { status, response, body: name === undefined ? undefined : response.examples[name] };
}

/** Prism's request header: `Prefer: code=422, example=notHttps` (either part may be left out). */
function preferredChoice(header: string | null): { status?: number; example?: string } | undefined {
  if (header === null) return undefined;
  const parts = new Map(
    header.split(/[,;]/).map((part) => {
      const [key = '', value = ''] = part.split('=', 2).map((text) => text.trim());
      return [key.toLowerCase(), value.replace(/^"|"$/g, '')];
    }),
  );
  const code = parts.get('code');
  const example = parts.get('example');
  if (code === undefined && example === undefined) return undefined;
  return { ...(code === undefined ? {} : { status: Number(code) }), ...(example === undefined ? {} : { example }) };
}

function respond(answer: Answer, params: Readonly<Record<string, string | readonly string[] | undefined>>): Response {
  const { status, response, body } = answer;
  const headers = new Headers(response.headers);
  if (response.contentType === null) return new HttpResponse(null, { status, headers });
  headers.set('Content-Type', response.contentType);
  if (response.contentType === 'application/pdf') {
    const pdf =
      body === undefined
        ? certificatePdf(
            Object.values(params)
              .flat()
              .filter((value) => value !== undefined),
          )
        : String(body);
    return new HttpResponse(pdf, { status, headers });
  }
  return new HttpResponse(JSON.stringify(body), { status, headers });
}

/** A request asked (with `Prefer`) for a response the document does not have: say what it does have. */
function notDocumented(operationId: string, operation: MockOperation, problem: Error): Response {
  const documented = Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) => [status, Object.keys(response.examples)]),
  );
  return HttpResponse.json(
    { error: 'mock_response_not_documented', message: `${operationId}: ${problem.message}`, documented },
    { status: 500, headers: { 'Content-Type': 'application/json' } },
  );
}

/**
 * A one-page PDF naming what was asked for, for operations whose success is `application/pdf` and has
 * no example (the PPSR certificate): a viewer opens it and it starts `%PDF-` as documented.
 */
export function certificatePdf(lines: readonly string[]): string {
  const text = ['Mock certificate (documented example, not a register record)', ...lines]
    .map((line, index) => `${index === 0 ? '' : '0 -24 Td '}(${line.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&')}) Tj`)
    .join('\n');
  const stream = `BT /F1 14 Tf 72 760 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  return `${pdf}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}
