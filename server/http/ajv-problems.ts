// Ajv errors -> field problems keyed by JSON path (D-10: every violated field, stable codes).
// Form 484 uses the same codes (D-11), so one mapping serves both families.
import type { ErrorObject } from 'ajv';
import { addProblem, emptyProblems, type FieldProblems } from '../domain/errors.js';
import { INVISIBLE_MESSAGE, NAME_PATTERN, UPPERCASE_NAME_PATTERN, UPPERCASE_PATTERN } from '../../schemas/common/names.js';

// The problem-list helpers live with FieldProblems in the domain, which builds lists too.
export { addProblem, emptyProblems };

const LOCATION_SEGMENTS = new Set(['requestBody', 'query', 'path', 'header', 'headers', 'params']);

function dotted(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts.length > 0 && LOCATION_SEGMENTS.has(parts[0]!)) parts.shift();
  if (extra !== undefined) parts.push(extra);
  return parts.join('.');
}

function codeFor(error: ErrorObject): { code: string; message: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { code: 'required', message: 'Required.' };
    case 'additionalProperties':
      return { code: 'unknown_field', message: 'Unknown field.' };
    case 'maxLength':
      return { code: 'too_long', message: `Must be at most ${String(params.limit)} characters.` };
    case 'minLength':
      return { code: 'too_short', message: `Must be at least ${String(params.limit)} characters.` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { code: 'too_big', message: `Must be at most ${String(params.limit)}.` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { code: 'too_small', message: `Must be at least ${String(params.limit)}.` };
    case 'maxItems':
      return { code: 'too_many', message: `At most ${String(params.limit)} items.` };
    case 'minItems':
      return { code: 'too_few', message: `At least ${String(params.limit)} item(s).` };
    case 'enum':
    case 'const':
      return {
        code: 'invalid_enum',
        message: `Must be one of: ${((params.allowedValues as unknown[]) ?? [params.allowedValue]).map(String).join(', ')}.`,
      };
    case 'type':
      return { code: 'invalid_type', message: `Must be of type ${String(params.type)}.` };
    case 'format': {
      const format = String(params.format);
      if (format === 'acn') return { code: 'invalid_acn', message: 'Not a valid ACN (checksum failed).' };
      if (format === 'abn') return { code: 'invalid_abn', message: 'Not a valid ABN (checksum failed).' };
      if (format === 'date' || format === 'date-time')
        return { code: 'invalid_date', message: `Must be a valid ${format === 'date' ? 'YYYY-MM-DD date' : 'ISO 8601 date-time'}.` };
      return { code: 'invalid_format', message: `Must be a valid ${format}.` };
    }
    case 'pattern':
      if (String(params.pattern) === UPPERCASE_PATTERN.source) return { code: 'not_uppercase', message: 'Must be uppercase.' };
      if (String(params.pattern) === NAME_PATTERN.source) return { code: 'invalid_format', message: INVISIBLE_MESSAGE };
      // Ajv's error does not carry the value: the families with upper-case names (Form 484, business
      // accounts) say which rule was broken from their Zod check, and use this only as a fallback.
      if (String(params.pattern) === UPPERCASE_NAME_PATTERN.source)
        return { code: 'invalid_format', message: 'Must be uppercase, without control or invisible formatting characters.' };
      return { code: 'invalid_format', message: `Must match ${String(params.pattern)}.` };
    case 'uniqueItems':
      return { code: 'duplicate_in_request', message: 'Items must be unique.' };
    default:
      return { code: 'invalid_format', message: error.message ?? 'Invalid value.' };
  }
}

/**
 * For `oneOf`/`anyOf` failures Ajv reports the errors of every branch. The caller meant one branch:
 * keep the errors of the branch with the fewest problems and drop the umbrella error. Each failing
 * value is judged on its own: rows of one array share the schema path of their `anyOf`, and one row
 * may mean the ACN branch while the next means the ABN one.
 */
function pickBranches(errors: ErrorObject[]): ErrorObject[] {
  const umbrellas = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  if (umbrellas.length === 0) return errors;
  let kept = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  for (const umbrella of umbrellas) {
    const prefix = `${umbrella.schemaPath.replace(/\/(oneOf|anyOf)$/, '')}/${umbrella.keyword}/`;
    const at = umbrella.instancePath;
    const under = (e: ErrorObject): boolean =>
      e.schemaPath.startsWith(prefix) && (e.instancePath === at || e.instancePath.startsWith(`${at}/`));
    // Judged once per error, and lists grown in place: a body of many failing rows has as many
    // umbrellas as rows, each weighing every kept error.
    const inside = kept.map(under);
    const byBranch = new Map<string, ErrorObject[]>();
    kept.forEach((e, i) => {
      if (!inside[i]) return;
      const branch = e.schemaPath.slice(prefix.length).split('/')[0]!;
      const list = byBranch.get(branch);
      if (list) list.push(e);
      else byBranch.set(branch, [e]);
    });
    if (byBranch.size === 0) continue;
    const best = new Set([...byBranch.values()].sort((a, b) => a.length - b.length)[0]);
    kept = kept.filter((e, i) => !inside[i] || best.has(e));
  }
  return kept;
}

export function problemsFromAjv(errors: ErrorObject[]): FieldProblems {
  const problems = emptyProblems();
  for (const error of pickBranches(errors)) {
    const params = error.params as Record<string, unknown>;
    const extra =
      error.keyword === 'required'
        ? String(params.missingProperty)
        : error.keyword === 'additionalProperties'
          ? String(params.additionalProperty)
          : undefined;
    addProblem(problems, dotted(error.instancePath, extra) || 'body', codeFor(error));
  }
  return problems;
}
