// Compares two documents with api-smart-diff and turns its findings into the gate's verdicts.
// The library resolves every $ref into the operations that use it and knows request from response
// (a removed response field is breaking, a removed request field is not; an added request enum
// value is compatible, an added response enum value breaking). What is added here:
// - component-level findings are dropped: the same change is reported, correctly classified,
//   under every operation that uses the component (a component cannot know which side it is on);
// - webhooks are compared as payload-carrying pseudo-operations (webhooks.ts);
// - "unclassified" counts as breaking, so nothing slips through unjudged, except documentation
//   the library leaves unclassified (named `examples`, response `links`): nothing on the wire changes;
// - adding a scheme to an existing security requirement (callers now need both) is breaking,
//   which the library calls compatible;
// - operations marked `x-provisional` in the base may change in a minor version (CHANGELOG, D-34);
// - both documents first get the rewrites that accept exactly the same values
//   (schemas/common/generator-forms.ts: "one of these identifiers" as complete object alternatives,
//   `$ref` with its description beside it, patterns without escaped slashes, nullable enums as
//   `anyOf`): the library compares combinators by position and patterns as text, so a base in an
//   older form would otherwise read as changed (a new required field in each alternative);
// - a rule the server applied before the document stated it is not breaking (./stated-rules.ts).
import { apiCompare, type Diff } from 'api-smart-diff';
import { sameValuesEveryGeneratorTypes } from '../../schemas/common/generator-forms.js';
import { fromPointer, toPointer } from './pointer.js';
import { statesExistingRule, withoutRuleStatements } from './stated-rules.js';
import type { OpenApiDocument, SpecChange } from './types.js';
import { webhookMessage, webhookPathOf, webhooksAsPaths } from './webhooks.js';

type Path = readonly (string | number)[];

function operationOf(document: OpenApiDocument, path: Path): Record<string, unknown> | undefined {
  const paths = document.paths as Record<string, Record<string, unknown> | undefined> | undefined;
  const operation = paths?.[String(path[1])]?.[String(path[2])];
  return typeof operation === 'object' && operation !== null ? (operation as Record<string, unknown>) : undefined;
}

/** `security/<i>/<scheme>` added inside an existing requirement: an AND, not a new alternative. */
function addsRequiredScheme(diff: Diff): boolean {
  const at = diff.path.indexOf('security');
  const operationLevel = diff.path[0] === 'paths' && at === 3;
  const documentLevel = at === 0;
  return diff.action === 'add' && (operationLevel || documentLevel) && diff.path.length === at + 3;
}

/** Keys that only document; a schema property of the same name (under `properties`) is data. */
const DOCUMENTATION = new Set(['examples', 'example', 'links', 'description', 'summary', 'externalDocs']);

function isDocumentation(path: Path): boolean {
  // `info` (version, contact, licence) describes the document; nothing a client sends or reads moves.
  if (path[0] === 'info') return true;
  return path.some((segment, i) => typeof segment === 'string' && DOCUMENTATION.has(segment) && path[i - 1] !== 'properties');
}

/** A change that only documents (nothing on the wire moves): a patch release at most. */
export function isDocumentationPointer(pointer: string): boolean {
  return isDocumentation(fromPointer(pointer));
}

function verdict(diff: Diff, base: OpenApiDocument, path: Path, message: string): SpecChange {
  const pointer = toPointer(path);
  let breaking = diff.type === 'breaking' || (diff.type === 'unclassified' && !isDocumentation(path));
  let text = message || `[${diff.action}] ${pointer}`;
  if (diff.type === 'unclassified' && breaking) text += ' (not classified by api-smart-diff: treated as breaking)';
  if (addsRequiredScheme(diff)) {
    breaking = true;
    text = `[Added] security scheme \`${String(diff.path[diff.path.length - 1])}\` to an existing requirement: callers now need it as well`;
  }
  const stated = breaking ? statesExistingRule(diff, pointer) : undefined;
  if (stated) return { severity: 'compatible', action: diff.action, pointer, message: text, note: stated };
  if (breaking && path[0] === 'paths' && operationOf(base, path)?.['x-provisional'] === true) {
    return {
      severity: 'compatible',
      action: diff.action,
      pointer,
      message: text,
      note: 'provisional operation (x-provisional): may change in a minor version',
    };
  }
  return { severity: breaking ? 'breaking' : 'compatible', action: diff.action, pointer, message: text };
}

function keepTopLevel(diff: Diff): boolean {
  const [head, next] = diff.path;
  if (head === 'webhooks') return false;
  if (head === 'components') return next === 'securitySchemes';
  return true;
}

const NOT_FOUND = Symbol('not found');

/** The node a local `$ref` (`#/components/...`) names in `document`, or NOT_FOUND. */
function refTarget(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return NOT_FOUND;
  let segments: string[];
  try {
    segments = fromPointer(decodeURIComponent(ref.slice(1)));
  } catch {
    return NOT_FOUND;
  }
  let at: unknown = document;
  for (const segment of segments) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, segment)) return NOT_FOUND;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

/**
 * Whether two nodes read the same once every local `$ref` is followed (in its own document): the
 * same members in the same order, the same items, and behind each `$ref` the same node. A `$ref` met
 * again while its targets are still being compared counts as the same (a recursive schema); the
 * answer is only trusted when it is true at the top, where every comparison along the way was true
 * too, so `pending` is made anew for each question.
 */
function sameResolved(a: unknown, b: unknown, documents: { base: unknown; head: unknown }, pending: Map<string, boolean>): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameResolved(item, b[i], documents, pending));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  const others = Object.keys(right);
  if (keys.length !== others.length || keys.some((key, i) => key !== others[i])) return false;
  if (!keys.every((key) => sameResolved(left[key], right[key], documents, pending))) return false;
  const ref = left.$ref;
  if (typeof ref !== 'string') return true;
  const known = pending.get(ref);
  if (known !== undefined) return known;
  const [before, after] = [refTarget(documents.base, ref), refTarget(documents.head, ref)];
  if (before === NOT_FOUND || after === NOT_FOUND) return false;
  pending.set(ref, true);
  const same = sameResolved(before, after, documents, pending);
  pending.set(ref, same);
  return same;
}

/** What every operation reads besides its path item: when these differ, nothing is left out. */
function outsidePaths(document: OpenApiDocument): unknown[] {
  const components = document.components as Record<string, unknown> | undefined;
  return [document.openapi, document.servers, document.security, components?.securitySchemes];
}

/**
 * Both documents without the path items that read exactly alike in both (members, order and every
 * `$ref` followed): the library finds nothing in those, and comparing one costs as much as comparing
 * one that changed, each `$ref` resolved into it (seconds for a whole document, where a change
 * usually touches one or two paths). When anything outside the paths that operations read differs,
 * every path item is compared. Components stay whole: what the library reports inside a path can
 * depend on which components the document holds (an `allOf` is merged or not).
 */
function comparedParts(base: OpenApiDocument, head: OpenApiDocument): [OpenApiDocument, OpenApiDocument] {
  const documents = { base, head };
  if (!sameResolved(outsidePaths(base), outsidePaths(head), documents, new Map())) return [base, head];
  const before = (base.paths ?? {}) as Record<string, unknown>;
  const after = (head.paths ?? {}) as Record<string, unknown>;
  const same = new Set(
    Object.keys(before).filter((path) => Object.hasOwn(after, path) && sameResolved(before[path], after[path], documents, new Map())),
  );
  const kept = (paths: Record<string, unknown>) => Object.fromEntries(Object.entries(paths).filter(([path]) => !same.has(path)));
  if (same.size === 0) return [base, head];
  return [
    { ...base, paths: kept(before) },
    { ...head, paths: kept(after) },
  ];
}

function withoutWebhooks(document: OpenApiDocument): OpenApiDocument {
  const { webhooks: _webhooks, ...rest } = document;
  return rest;
}

export function compareDocuments(givenBase: OpenApiDocument, givenHead: OpenApiDocument): SpecChange[] {
  const base = withoutRuleStatements(sameValuesEveryGeneratorTypes(givenBase));
  const head = withoutRuleStatements(sameValuesEveryGeneratorTypes(givenHead));
  // The library swaps nodes in place while it walks; it gets copies so callers' objects stay intact.
  // Webhooks are compared below, and what this pass finds under them is dropped (keepTopLevel).
  const operations = apiCompare(...comparedParts(structuredClone(withoutWebhooks(base)), structuredClone(withoutWebhooks(head))))
    .diffs.filter(keepTopLevel)
    .map((diff) => verdict(diff, base, diff.path, diff.description ?? ''));
  const webhooks = apiCompare(...comparedParts(webhooksAsPaths(base), webhooksAsPaths(head)))
    .diffs.filter((diff) => diff.path[0] === 'paths')
    .map((diff) => verdict(diff, base, webhookPathOf(diff.path), webhookMessage(diff.description ?? '')));
  return [...operations, ...webhooks];
}
