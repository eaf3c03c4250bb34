// Which documented answer the mock gives a request the server would accept. Prism alone answers the
// lowest success status with its first example, and `Prefer: code=N` with that status's first example,
// whatever was sent: a VIN search asked for its 422 got the ACN's checksum error, and a simulated change
// event got the 200 of an expiry warning where the service answers 201 with the event. The document
// says more than Prism reads, and the front reads it:
//
// - The success status is the document's `x-success-status`: its `status` for a first request (201
//   for a business account application, where Prism took the lower 200 of a repeat), `byExample` for
//   the request examples that answer another (`change` in POST /monitoring/entities/{id}/simulate:
//   201 with the event). A body stands for the request example with the same top-level fields, most
//   values equal (document order breaks ties); that status's example of the same name, if it has
//   one, is the answer (`{"simulate": "expired"}` gets the `expired` webhook's answer).
// - `Prefer: code=N` without `example=`: the example of that status whose error names the fields the
//   request sent (the `errors` keys of the D-10 shape, each `field` of Form 484's), fewest others.
//
// A `Prefer` that names an example, or `dynamic`, is the caller's choice and goes to Prism unchanged.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function resolve(document: Json, node: unknown): unknown {
  let current = node;
  for (let depth = 0; depth < 10 && isObject(current) && typeof current.$ref === 'string'; depth++) {
    let target: unknown = document;
    for (const raw of current.$ref.slice(2).split('/'))
      target = isObject(target) ? target[raw.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    current = target;
  }
  return current;
}

function namedExamples(document: Json, holder: unknown): [string, unknown][] {
  const media = resolve(document, holder);
  const json = isObject(media) && isObject(media.content) ? media.content['application/json'] : undefined;
  const examples = isObject(json) && isObject(json.examples) ? json.examples : {};
  return Object.entries(examples).map(([name, example]) => [name, (resolve(document, example) as Json | undefined)?.value]);
}

/** `code=422, example=invalidVin` -> { code: '422', example: 'invalidVin' }. */
export function parsePrefer(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() && value.length > 0) out[name.trim().toLowerCase()] = value.join('=').trim();
  }
  return out;
}

/** The request example `body` stands for: same top-level fields, most values equal; undefined when none has its fields. */
export function matchingRequestExample(document: Json, operation: Json, body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const keys = Object.keys(body).sort().join(',');
  let best: { name: string; equal: number } | undefined;
  for (const [name, value] of namedExamples(document, operation.requestBody)) {
    if (!isObject(value) || Object.keys(value).sort().join(',') !== keys) continue;
    const equal = Object.keys(value).filter((key) => JSON.stringify(value[key]) === JSON.stringify(body[key])).length;
    if (!best || equal > best.equal) best = { name, equal };
  }
  return best?.name;
}

/** The fields an error example names: the D-10 `errors` keys, or each `field` of a Form 484 list. */
function errorFields(value: unknown): string[] {
  const errors = isObject(value) ? value.errors : undefined;
  if (Array.isArray(errors)) return errors.map((error) => (isObject(error) && typeof error.field === 'string' ? error.field : ''));
  return isObject(errors) ? Object.keys(errors) : [];
}

const topField = (field: string): string => field.split(/[.[]/)[0] ?? field;

function errorExampleFor(document: Json, response: unknown, sent: Set<string>): string | undefined {
  let best: { name: string; named: number; others: number } | undefined;
  for (const [name, value] of namedExamples(document, response)) {
    const fields = errorFields(value).map(topField);
    const named = fields.filter((field) => sent.has(field)).length;
    const others = fields.length - named;
    if (!best || named > best.named || (named === best.named && others < best.others)) best = { name, named, others };
  }
  return best && best.named > 0 ? best.name : undefined;
}

export interface MockRequest {
  body: unknown;
  query: Record<string, unknown>;
  prefer: string | undefined;
}

/** The `Prefer` header to send Prism for this request, or undefined to send the caller's as it is. */
export function preferFor(document: Json, operation: Json, request: MockRequest): string | undefined {
  const prefer = parsePrefer(request.prefer);
  if (prefer.example !== undefined || prefer.dynamic !== undefined) return undefined;
  const responses = isObject(operation.responses) ? operation.responses : {};
  if (prefer.code !== undefined) {
    const sent = new Set([...(isObject(request.body) ? Object.keys(request.body) : []), ...Object.keys(request.query)]);
    const requestExample = matchingRequestExample(document, operation, request.body);
    const named = namedExamples(document, responses[prefer.code]).map(([name]) => name);
    const example =
      requestExample && named.includes(requestExample) ? requestExample : errorExampleFor(document, responses[prefer.code], sent);
    return example ? `code=${prefer.code}, example=${example}` : undefined;
  }
  const rule = isObject(operation['x-success-status']) ? (operation['x-success-status'] as unknown as SuccessRule) : undefined;
  if (!rule) return undefined;
  const requestExample = matchingRequestExample(document, operation, request.body);
  const status = (requestExample ? rule.byExample?.[requestExample] : undefined) ?? rule.status;
  if (requestExample && namedExamples(document, responses[String(status)]).some(([name]) => name === requestExample))
    return `code=${status}, example=${requestExample}`;
  // Prism's own choice is the lowest success status, with its first example.
  const lowest = Math.min(
    ...Object.keys(responses)
      .filter((code) => /^2[0-9][0-9]$/.test(code))
      .map(Number),
  );
  return status === lowest ? undefined : `code=${status}`;
}

/** The document's `x-success-status` (schemas/common/semantic-rules.ts). */
interface SuccessRule {
  status: number;
  byExample?: Record<string, number>;
}
