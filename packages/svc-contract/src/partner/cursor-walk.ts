// Check "cursor_consistency": a list that takes a `since` cursor (the monitoring events, which a
// partner catches up with after downtime by storing the last id it processed) repeats and skips no
// item, whether walked by cursor or by page, while new items arrive between the requests. The runner
// makes a fresh test entity, simulates events on it, and walks from the last event it could see
// before: by cursor (each `since` the last item's cursor field) and by page (an oldest-first list
// only grows at its end), simulating one more event between every two requests. Each walk must give
// every event made, in order, each once, none at or before the start; `since` as a date-time must
// include the first one.
import { semanticRules } from '../semantic/rules.js';
import { atPointer, resolvePointer } from '../document.js';
import type { JsonObject, OperationInfo } from '../types.js';
import { call, isSuccess, jsonOf, skip, verdict, type PartnerContext } from './context.js';
import { activeEntity, simulateChange } from './monitoring.js';

const PER_PAGE = 2;
const FIRST_EVENTS = 4;
const MAX_REQUESTS = 12;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The item field a `since` id refers to: a backticked name in the parameter's description (or one of
 * its alternatives') that is a property of the list's items, else the items' first `*Id` property.
 */
export function cursorField(doc: JsonObject, list: OperationInfo, itemsPointer: string | undefined): string | undefined {
  const since = list.parameters.find((parameter) => parameter.name === 'since');
  const properties = itemsPointer ? atPointer(doc, `${resolvePointer(doc, itemsPointer)}/properties`) : undefined;
  if (!since || !isObject(properties)) return undefined;
  const text = JSON.stringify(atPointer(doc, since.schemaPointer) ?? '');
  const named = [...text.matchAll(/`([A-Za-z]\w*)`/g)].map((match) => match[1]!).find((name) => name in properties);
  return named ?? Object.keys(properties).find((name) => /Id$/.test(name));
}

function itemsPointerOf(doc: JsonObject, list: OperationInfo, itemsName: string): string | undefined {
  const pointer = list.responses['200']?.content.find((media) => media.mediaType === 'application/json')?.schemaPointer;
  if (!pointer) return undefined;
  const items = `${resolvePointer(doc, pointer)}/properties/${itemsName}/items`;
  return isObject(atPointer(doc, items)) ? items : undefined;
}

/**
 * The problems of a walk from cursor `since` against the items made (in order): repeats, skips, items
 * at or before the cursor, and order. Another client of the same account may add items meanwhile:
 * those (after the cursor, not made here) are not problems.
 */
export function walkProblems(how: string, walked: number[], made: number[], since: number): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  const repeated = walked.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  if (repeated.length > 0) problems.push(`${how}: ${repeated.join(', ')} came twice`);
  const skipped = made.filter((id) => !seen.has(id));
  if (skipped.length > 0) problems.push(`${how}: ${skipped.join(', ')} never came`);
  const before = [...seen].filter((id) => id <= since);
  if (before.length > 0) problems.push(`${how}: ${before.join(', ')} came although at or before the cursor ${since}`);
  const ascending = walked.every((id, i) => i === 0 || id > walked[i - 1]!);
  if (repeated.length === 0 && !ascending) problems.push(`${how}: not oldest first (${walked.join(', ')})`);
  return problems;
}

export async function checkCursorWalk(ctx: PartnerContext): Promise<void> {
  const list = [...ctx.operations.values()].find(
    (op) => op.method === 'get' && op.parameters.some((parameter) => parameter.name === 'since') && semanticRules(ctx.doc, op).pagination,
  );
  if (!list) return skip(ctx, 'cursor_consistency', 'no list in the document takes a since cursor and pages');
  const rule = semanticRules(ctx.doc, list).pagination!;
  const field = cursorField(ctx.doc, list, itemsPointerOf(ctx.doc, list, rule.items));
  if (!field) return skip(ctx, 'cursor_consistency', `${list.id}: no item field for the since cursor`);
  const entityId = await activeEntity(ctx);
  if (entityId === undefined) return skip(ctx, 'cursor_consistency', 'no active test entity to simulate events on');

  const page = async (query: Record<string, unknown>) => {
    const evaluation = await call(ctx, list, { query: { [rule.perPageParam]: PER_PAGE, ...query } });
    const body = jsonOf(evaluation.response);
    const items = Array.isArray(body[rule.items]) ? (body[rule.items] as JsonObject[]) : undefined;
    return { evaluation, items: isSuccess(evaluation.response.status) ? items : undefined, body };
  };
  // Where the walk starts: the last item there is now (the list is oldest first).
  const first = await page({ [rule.perPageParam]: 1 });
  const total = (first.body[rule.meta] as { total?: unknown } | undefined)?.total;
  if (!first.items || typeof total !== 'number')
    return skip(ctx, 'cursor_consistency', `${list.id} answered ${first.evaluation.response.status}`);
  const last = total === 0 ? undefined : await page({ [rule.perPageParam]: 1, [rule.pageParam]: total });
  const start = last?.items?.[0]?.[field];
  const since = typeof start === 'number' ? start : 0;

  const made: number[] = [];
  const makeOne = async () => {
    const id = await simulateChange(ctx, entityId);
    if (id !== undefined) made.push(id);
    return id !== undefined;
  };
  for (let i = 0; i < FIRST_EVENTS; i++)
    if (!(await makeOne())) return skip(ctx, 'cursor_consistency', 'simulated events could not be made');

  // By cursor: each request continues after the last item of the one before.
  const byCursor: number[] = [];
  let cursor = since;
  let evidence = first.evaluation;
  for (let requests = 0; requests < MAX_REQUESTS; requests++) {
    const found = await page({ since: String(cursor) });
    evidence = found.evaluation;
    if (!found.items) return;
    const ids = found.items.map((item) => item[field]).filter((id): id is number => typeof id === 'number');
    byCursor.push(...ids);
    if (ids.length === 0) break;
    cursor = ids.at(-1)!;
    if (requests < 2) await makeOne();
  }
  const cursorProblems = walkProblems(`by since=${field}`, byCursor, made, since);

  // By page, from the same start, one more event made after the first page.
  const byPage: number[] = [];
  for (let number = 1; number <= MAX_REQUESTS; number++) {
    const found = await page({ since: String(since), [rule.pageParam]: number });
    evidence = found.evaluation;
    if (!found.items) return;
    const ids = found.items.map((item) => item[field]).filter((id): id is number => typeof id === 'number');
    byPage.push(...ids);
    if (ids.length === 0) break;
    if (number === 1) await makeOne();
  }
  const pageProblems = walkProblems(`by page from since=${since}`, byPage, made, since);

  // A date-time `since` returns the events detected at or after it: the first one made among them.
  const detected = (await page({ since: String(made[0]! - 1), [rule.perPageParam]: 1 })).items?.[0]?.detectedAt;
  const dateProblems: string[] = [];
  if (typeof detected === 'string') {
    const found = await page({ since: detected, [rule.perPageParam]: 100 });
    evidence = found.evaluation;
    const ids = (found.items ?? []).map((item) => item[field]);
    if (found.items && !ids.includes(made[0])) dateProblems.push(`since=${detected} (the first event's detectedAt) does not return it`);
  }
  ctx.session.record(list.id, verdict('cursor_consistency', [...cursorProblems, ...pageProblems, ...dateProblems]), evidence);
}
