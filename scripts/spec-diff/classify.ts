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
//   older form would otherwise read as changed (a new required field in each alternative).
import { apiCompare, type Diff } from 'api-smart-diff';
import { sameValuesEveryGeneratorTypes } from '../../schemas/common/generator-forms.js';
import { fromPointer, toPointer } from './pointer.js';
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

export function compareDocuments(givenBase: OpenApiDocument, givenHead: OpenApiDocument): SpecChange[] {
  const base = sameValuesEveryGeneratorTypes(givenBase);
  const head = sameValuesEveryGeneratorTypes(givenHead);
  // The library swaps nodes in place while it walks; it gets copies so callers' objects stay intact.
  const operations = apiCompare(structuredClone(base), structuredClone(head))
    .diffs.filter(keepTopLevel)
    .map((diff) => verdict(diff, base, diff.path, diff.description ?? ''));
  const webhooks = apiCompare(webhooksAsPaths(base), webhooksAsPaths(head))
    .diffs.filter((diff) => diff.path[0] === 'paths')
    .map((diff) => verdict(diff, base, webhookPathOf(diff.path), webhookMessage(diff.description ?? '')));
  return [...operations, ...webhooks];
}
