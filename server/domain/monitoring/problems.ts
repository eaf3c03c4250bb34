// The structural pass (Ajv over the document) reports problems by JSON path in generic codes. Spec 7
// wants order rows reported by row (`entities.<index>`) in the row codes, and the body limits in the
// words of the documented examples; these functions restate them. They run on every request after
// the structural pass (server/http/public-api.ts), so they only rewrite, never invent.
import { MAX_ENTITIES_PER_REQUEST } from '../../../schemas/monitoring/index.js';
import { addProblem, emptyProblems, type FieldProblems } from '../errors.js';
import { callerValue } from '../../../schemas/common/caller-text.js';

function rowsOf(body: unknown, field: string): unknown[] {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return Array.isArray(value) ? value : [];
}

function valueAt(rows: unknown[], index: number, field: string): string {
  const row = rows[index];
  const value = row && typeof row === 'object' ? (row as Record<string, unknown>)[field] : undefined;
  return callerValue(value);
}

const add = addProblem;

/** The array-level problems (too many, none, missing) in the documented words. */
function restateArray(problems: FieldProblems, out: FieldProblems, field: 'entities' | 'ids'): void {
  for (const problem of problems[field] ?? []) {
    if (problem.code === 'too_many')
      add(out, field, { code: 'too_big', message: `At most ${MAX_ENTITIES_PER_REQUEST} ${field} per request.` });
    else if (problem.code === 'too_few') add(out, field, { code: 'too_small', message: `Give at least one item in ${field}.` });
    else add(out, field, problem);
  }
}

const ROW_FIELD = /^entities\.(\d+)\.(acn|abn)$/;

/**
 * POST /monitoring/entities: checksum and format failures and missing numbers become row codes under
 * `entities.<index>`. A body with such rows stops here, so its answer lists the rows' number problems;
 * once every number is well formed, the order verb looks the rows up and lists every register and
 * account problem of every row in one answer.
 */
export function restateOrderProblems(problems: FieldProblems, body: unknown): FieldProblems {
  const rows = rowsOf(body, 'entities');
  const out = emptyProblems();
  restateArray(problems, out, 'entities');
  for (const [path, list] of Object.entries(problems)) {
    if (path === 'entities') continue;
    const match = ROW_FIELD.exec(path);
    if (!match) {
      for (const problem of list) add(out, path, problem);
      continue;
    }
    const index = Number(match[1]);
    const field = match[2] as 'acn' | 'abn';
    const rowKey = `entities.${index}`;
    for (const problem of list) {
      // `anyOf: [{required: [acn]}, {required: [abn]}]` failing shows as a missing number.
      if (problem.code === 'required') add(out, rowKey, { code: 'identifier_required', message: 'Give acn, abn or both.' });
      else if (field === 'acn')
        add(out, rowKey, {
          code: 'invalid_acn',
          message: `ACN ${valueAt(rows, index, 'acn')} is not valid: 9 digits with the ASIC checksum.`,
        });
      else
        add(out, rowKey, {
          code: 'invalid_abn',
          message: `ABN ${valueAt(rows, index, 'abn')} is not valid: 11 digits with the ABR checksum.`,
        });
    }
  }
  return out;
}

/** POST /monitoring/entities/renew: the `ids` array limits in the documented words. */
export function restateRenewalProblems(problems: FieldProblems): FieldProblems {
  const out = emptyProblems();
  restateArray(problems, out, 'ids');
  for (const [path, list] of Object.entries(problems)) if (path !== 'ids') for (const problem of list) add(out, path, problem);
  return out;
}
