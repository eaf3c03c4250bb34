// "What a client feels": one sentence per contract change for the pull-request report, told from
// the side of whoever calls the API (or receives its webhooks). Worked out from where the change
// sits (its JSON pointer: an operation, a parameter, a request or response schema, a webhook
// payload, security) and what happened there, with values read from the two documents ($refs followed).
import { isDocumentationPointer } from './classify.js';
import { fromPointer } from './pointer.js';
import type { OpenApiDocument, SpecChange } from './types.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deref(doc: unknown, node: unknown, depth = 0): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/') || depth > 20) return node;
  return deref(doc, valueAt(doc, fromPointer(node.$ref.slice(1))), depth + 1);
}

/** The value at the segments, following `$ref`s on the way (the diff reports resolved paths). */
function valueAt(doc: unknown, segments: readonly string[]): unknown {
  let node: unknown = doc;
  for (const segment of segments) {
    node = deref(doc, node);
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return deref(doc, node);
}

function show(value: unknown): string {
  if (value === undefined) return 'none';
  return typeof value === 'string' ? `\`${value}\`` : `\`${JSON.stringify(value)}\``;
}

interface SchemaSpot {
  /** `data[].url`, or `` for the schema itself. */
  field: string;
  /** What the last segments name: a property, a required entry, an enum value or another keyword. */
  kind: 'property' | 'required' | 'enum' | 'keyword' | 'schema';
  keyword?: string;
}

const COMPOSITION = new Set(['allOf', 'oneOf', 'anyOf']);

/** Reads the segments after `schema`: properties/x/items/properties/y/maxLength -> x[].y, keyword maxLength. */
function schemaSpot(rest: readonly string[]): SchemaSpot {
  const names: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const segment = rest[i]!;
    const last = i === rest.length - 1;
    if (segment === 'properties' && i + 1 < rest.length) {
      names.push(`.${rest[i + 1]}`);
      if (i + 1 === rest.length - 1) return { field: names.join('').replace(/^\./, ''), kind: 'property' };
      i += 1;
    } else if (segment === 'items') names.push('[]');
    else if (segment === 'additionalProperties') names.push('.*');
    else if (COMPOSITION.has(segment)) i += 1;
    else if (segment === 'required' && i + 1 === rest.length - 1) return { field: names.join('').replace(/^\./, ''), kind: 'required' };
    else if (segment === 'enum' && (last || i + 1 === rest.length - 1)) return { field: names.join('').replace(/^\./, ''), kind: 'enum' };
    else return { field: names.join('').replace(/^\./, ''), kind: 'keyword', keyword: segment };
  }
  return { field: names.join('').replace(/^\./, ''), kind: 'schema' };
}

function fieldName(field: string, fallback: string): string {
  return field ? `\`${field}\`` : fallback;
}

interface Sides {
  change: SpecChange;
  segments: string[];
  base: OpenApiDocument;
  head: OpenApiDocument;
}

const before = ({ base, segments }: Sides) => valueAt(base, segments);
const after = ({ head, segments }: Sides) => valueAt(head, segments);
const added = (s: Sides) => s.change.action === 'add';
const removed = (s: Sides) => s.change.action === 'remove';
const breaking = (s: Sides) => s.change.severity === 'breaking';

/** A required-list entry names its property by value. */
function requiredName(s: Sides, spot: SchemaSpot): string {
  const name = added(s) ? after(s) : before(s);
  const prefix = spot.field ? `${spot.field}.` : '';
  return `\`${prefix}${String(name)}\``;
}

/** Request side (a body or a parameter of `operation`): what changes for the code that sends it. */
function requestImpact(s: Sides, spot: SchemaSpot, what: string, operation: string): string {
  const field = fieldName(spot.field, what);
  const requests = `requests to ${operation}`;
  switch (spot.kind) {
    case 'required':
      return added(s)
        ? `${requests} without ${requiredName(s, spot)} are refused (422)`
        : `${requiredName(s, spot)} may now be left out of ${requests}`;
    case 'property':
      if (added(s))
        return breaking(s) ? `${requests} must now send ${field}` : `${field} may be sent to ${operation}; requests without it still work`;
      if (removed(s)) return `${field} is no longer documented: ${requests} that send it may be refused`;
      return `${field} takes other values: ${requests} built for the old shape may be refused`;
    case 'enum':
      if (removed(s)) return `${requests} with ${field} = ${show(before(s))} are refused (422)`;
      if (added(s)) return `${field} also accepts ${show(after(s))} in ${requests}; existing requests still work`;
      return `the values ${field} accepts changed: ${requests} with a value it no longer takes are refused`;
    case 'keyword':
      return breaking(s)
        ? `${requests} valid before may be refused: ${field} ${spot.keyword} ${show(before(s))} → ${show(after(s))}`
        : `${field} accepts more in ${requests}: ${spot.keyword} ${show(before(s))} → ${show(after(s))}; existing requests still work`;
    default:
      return breaking(s)
        ? `${requests} valid before may be refused (${what} changed)`
        : `existing ${requests} still work (${what} changed)`;
  }
}

/** Response side (a response body or a webhook payload): what changes for the code that reads it. */
function responseImpact(s: Sides, spot: SchemaSpot, where: string, reader: string): string {
  const field = fieldName(spot.field, 'the body');
  switch (spot.kind) {
    case 'required':
      return removed(s)
        ? `${requiredName(s, spot)} may be missing from ${where}: ${reader} that reads it must handle its absence`
        : `${requiredName(s, spot)} is now always present in ${where}`;
    case 'property':
      if (removed(s)) return `${field} no longer arrives in ${where}: ${reader} that reads it gets undefined`;
      if (added(s)) return `a new field ${field} in ${where}: ${reader} that ignores unknown fields sees no difference`;
      return `${field} in ${where} changed shape`;
    case 'enum':
      if (added(s))
        return `${field} in ${where} may hold ${show(after(s))}, a value ${reader} does not know yet (a switch over it needs a default)`;
      if (removed(s)) return `${field} in ${where} no longer holds ${show(before(s))}`;
      return `the values ${field} holds in ${where} changed`;
    case 'keyword':
      return breaking(s)
        ? `${field} in ${where} arrives in another shape: ${spot.keyword} ${show(before(s))} → ${show(after(s))}`
        : `${field} in ${where} is narrower: ${spot.keyword} ${show(before(s))} → ${show(after(s))}; nothing to change`;
    default:
      return breaking(s) ? `${where} changed in a way ${reader} may notice` : `${where} changed compatibly`;
  }
}

function schemaRest(rest: readonly string[]): readonly string[] | undefined {
  const at = rest.indexOf('schema');
  return at < 0 ? undefined : rest.slice(at + 1);
}

function parameterImpact(s: Sides, rest: readonly string[], operation: string): string {
  const parameterSegments = s.segments.slice(0, s.segments.length - rest.length + 2);
  const parameter = (valueAt(removed(s) && rest.length === 2 ? s.base : s.head, parameterSegments) ??
    valueAt(s.base, parameterSegments)) as Json | undefined;
  const label = isObject(parameter) ? `the ${String(parameter.in)} parameter \`${String(parameter.name)}\`` : 'a parameter';
  if (rest.length === 2) {
    if (added(s))
      return parameter?.required === true
        ? `requests to ${operation} without ${label} are refused (4xx)`
        : `${label} is available to ${operation}; existing requests still work`;
    if (removed(s)) return `${label} of ${operation} is no longer documented: requests that send it may be refused or it is ignored`;
  }
  const inSchema = schemaRest(rest);
  if (inSchema) return requestImpact(s, schemaSpot(inSchema), label, operation);
  if (rest[2] === 'required')
    return added(s) || after(s) === true ? `requests to ${operation} without ${label} are refused (4xx)` : `${label} may now be left out`;
  return breaking(s) ? `requests to ${operation} that use ${label} may be refused` : `${label} changed compatibly`;
}

function operationImpact(s: Sides, operation: string, rest: readonly string[]): string {
  if (rest.length === 0) {
    if (removed(s)) return `calls to ${operation} get 404: the operation is gone`;
    if (added(s)) return `a new operation, ${operation}; existing calls are unchanged`;
  }
  const [area, status, part] = rest;
  if (area === 'parameters') return parameterImpact(s, rest, operation);
  if (area === 'requestBody') {
    const inSchema = schemaRest(rest);
    if (inSchema) return requestImpact(s, schemaSpot(inSchema), 'the body', operation);
    if (rest[1] === 'required') return after(s) === true ? `${operation} now needs a body` : `${operation} may be called without a body`;
    return breaking(s) ? `requests to ${operation} built for the old body may be refused` : `the body of ${operation} changed compatibly`;
  }
  if (area === 'responses' && status !== undefined) {
    const where = `${status} answers of ${operation}`;
    if (rest.length === 2) {
      if (removed(s)) return `${operation} no longer answers ${status}: a client that checks for it sees another status`;
      if (added(s)) return `${operation} may now answer ${status}: a client with no branch for it treats it as unexpected`;
    }
    if (part === 'headers' && rest[3]) {
      if (removed(s)) return `the \`${rest[3]}\` header is missing from ${where}`;
      if (added(s)) return `a new \`${rest[3]}\` header on ${where}`;
    }
    const inSchema = schemaRest(rest);
    if (inSchema) return responseImpact(s, schemaSpot(inSchema), where, 'a client');
    if (part === 'content' && rest.length === 4)
      return removed(s) ? `${where} no longer come as \`${rest[3]}\`` : `${where} may come as \`${rest[3]}\``;
  }
  if (area === 'security')
    return breaking(s)
      ? `callers of ${operation} with credentials it no longer accepts get 401 or 403`
      : `${operation} accepts more kinds of credentials; existing callers are unchanged`;
  return breaking(s) ? `${operation} changed in a way a client may notice` : `${operation} changed compatibly`;
}

function webhookImpact(s: Sides, event: string, rest: readonly string[]): string {
  if (rest.length === 0) {
    if (removed(s)) return `endpoints subscribed to \`${event}\` no longer receive it`;
    if (added(s)) return `a new event, \`${event}\`, endpoints can subscribe to; existing deliveries are unchanged`;
  }
  const inSchema = schemaRest(rest);
  if (inSchema) return responseImpact(s, schemaSpot(inSchema), `\`${event}\` deliveries`, 'a receiver');
  return breaking(s) ? `\`${event}\` deliveries changed in a way a receiver may notice` : `\`${event}\` deliveries changed compatibly`;
}

const DOCUMENTATION_KEYS = ['description', 'summary', 'examples', 'example', 'links', 'externalDocs'];

/** Where a documentation change sits: `GET /webhooks`, a webhook, or the document. */
function documentationImpact(segments: readonly string[]): string {
  const [area, first, second] = segments;
  const key = segments.find((segment, i) => DOCUMENTATION_KEYS.includes(segment) && segments[i - 1] !== 'properties') ?? 'documentation';
  const place =
    area === 'paths' && first !== undefined && second !== undefined
      ? ` of \`${second.toUpperCase()} ${first}\``
      : area === 'webhooks' && first !== undefined
        ? ` of \`${first}\``
        : '';
  return `nothing on the wire: the ${key}${place} changed (documentation only)`;
}

export function clientImpact(change: SpecChange, base: OpenApiDocument, head: OpenApiDocument): string {
  const segments = fromPointer(change.pointer);
  const s: Sides = { change, segments, base, head };
  const [area, first, second, ...rest] = segments;
  let text: string;
  if (isDocumentationPointer(change.pointer)) text = documentationImpact(segments);
  else if (area === 'paths' && first !== undefined && second !== undefined)
    text = operationImpact(s, `\`${second.toUpperCase()} ${first}\``, rest);
  else if (area === 'webhooks' && first !== undefined) text = webhookImpact(s, first, second === undefined ? [] : rest);
  else if (area === 'components' && first === 'securitySchemes')
    text = breaking(s)
      ? `every operation using the \`${second}\` scheme authenticates differently: existing credentials may be refused`
      : `the \`${second}\` scheme changed compatibly`;
  else if (area === 'security')
    text = breaking(s) ? 'every operation without its own security asks for other credentials' : 'more kinds of credentials accepted';
  else text = breaking(s) ? 'the contract changed in a way a client may notice' : 'no change a client has to make';
  if (change.note) text += ` (${change.note})`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
