// Check "term_dates": a monitored entity's term as the document states it beside its schema (D-76).
// `x-term` on `expiresAt` ({ from, months, maxMonthsAhead }): in the answer that created the entity,
// `expiresAt` is `from` plus `months`; in every answer it is after `from` and at most
// `maxMonthsAhead` months after today. `x-days-until` on `daysRemaining` ({ date, while, otherwise }):
// the days from today to `date` while the holder matches `while`, else `otherwise`. "Today" is the
// service's, in the date's `x-date-zone`, by the clock read on both sides of the request. The entity
// is ordered, read, read again a day later (manual clock) and stopped, each answer judged. Without the
// operator token today is the answer's `Date` header, trusted only when the new term starts within a
// day of it (a manual sandbox clock is far from the wall clock): else the day counts are not judged.
import { documentedResponse } from '../checks.js';
import { addMonths, dateInZone, daysBetween } from '../semantic/clock.js';
import { ruledProperties, zonedDates } from '../semantic/zoned-dates.js';
import type { ApiResponse, JsonObject, OperationInfo } from '../types.js';
import { advance, call, clockMode, isSuccess, operation, skip, verdict, type PartnerContext } from './context.js';
import { orderEntities } from './monitoring.js';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function schemaPointerOf(op: OperationInfo, status: number): string | undefined {
  return documentedResponse(op, status)?.content.find((media) => media.mediaType === 'application/json')?.schemaPointer;
}

/** The problems of one answer's terms and day counts; undefined when the answer has neither. */
export function termProblems(doc: JsonObject, pointer: string, body: unknown, readings: Date[], created: boolean): string[] | undefined {
  const terms = ruledProperties(doc, pointer, body, 'x-term');
  const counts = ruledProperties(doc, pointer, body, 'x-days-until');
  if (terms.length === 0 && counts.length === 0) return undefined;
  const zones = new Map(zonedDates(doc, pointer, body).map((date) => [date.path, date.zone]));
  const todays = (path: string) => [...new Set(readings.map((at) => dateInZone(at, zones.get(path) ?? 'UTC')))];
  const problems: string[] = [];
  for (const term of terms) {
    const rule = term.rule as { from?: unknown; months?: unknown; maxMonthsAhead?: unknown };
    const expires = term.holder[term.property];
    const from = typeof rule.from === 'string' ? term.holder[rule.from] : undefined;
    if (typeof expires !== 'string' || typeof from !== 'string' || typeof rule.months !== 'number') continue;
    if (created && expires !== addMonths(from, rule.months))
      problems.push(
        `${term.path} is ${expires}; a new term from ${rule.from} ${from} of ${rule.months} months ends ${addMonths(from, rule.months)}`,
      );
    if (expires <= from) problems.push(`${term.path} ${expires} is not after ${rule.from} ${from}`);
    if (typeof rule.maxMonthsAhead === 'number' && readings.length > 0) {
      const latest = todays(term.path)
        .map((today) => addMonths(today, rule.maxMonthsAhead as number))
        .sort()
        .at(-1);
      if (latest && expires > latest) problems.push(`${term.path} ${expires} is more than ${rule.maxMonthsAhead} months after today`);
    }
  }
  for (const count of counts) {
    const rule = count.rule as { date?: unknown; while?: unknown; otherwise?: unknown };
    const value = count.holder[count.property];
    const date = typeof rule.date === 'string' ? count.holder[rule.date] : undefined;
    if (typeof value !== 'number' || typeof date !== 'string' || readings.length === 0) continue;
    const applies = isObject(rule.while) && Object.entries(rule.while).every(([field, wanted]) => count.holder[field] === wanted);
    const datePath = count.path.replace(/[^/]*$/, String(rule.date));
    const expected = applies ? todays(datePath).map((today) => Math.max(0, daysBetween(today, date))) : [rule.otherwise];
    if (!expected.includes(value))
      problems.push(
        `${count.path} is ${value}; ${applies ? `from today (${todays(datePath).join(' or ')}) to ${rule.date} ${date} is ${expected.join(' or ')}` : `it is ${String(rule.otherwise)} when not ${JSON.stringify(rule.while)}`}`,
      );
  }
  return problems;
}

/** A judge of the answer's terms, today read on both sides of the request. */
async function judged(ctx: PartnerContext, op: OperationInfo, input: Parameters<typeof call>[2], trusted: boolean) {
  const before = trusted ? await ctx.clock.now() : undefined;
  let answer: ApiResponse | undefined;
  const evaluation = await call(ctx, op, input, [(response) => ((answer = response), undefined)]);
  const after = trusted ? await ctx.clock.now(answer) : undefined;
  const readings = [before, after].filter((at): at is Date => at !== undefined);
  const pointer = schemaPointerOf(op, evaluation.response.status);
  if (!isSuccess(evaluation.response.status) || !pointer) return evaluation;
  let body: unknown;
  try {
    body = JSON.parse(evaluation.response.bodyText);
  } catch {
    return evaluation;
  }
  const problems = termProblems(ctx.doc, pointer, body, readings, false);
  if (problems) ctx.session.record(op.id, verdict('term_dates', problems), evaluation);
  return evaluation;
}

/**
 * Whether "today" can be read: always through the operator API; from an answer's `Date` header (the
 * wall clock) only when the service's own dates agree with it, which a manual sandbox clock's do not.
 */
function clockTrusted(ctx: PartnerContext, startsAt: unknown, readings: Date[]): boolean {
  if (ctx.session.adminToken) return readings.length > 0;
  if (typeof startsAt !== 'string' || readings.length === 0) return false;
  return readings.some((at) => Math.abs(daysBetween(dateInZone(at, 'Australia/Brisbane'), startsAt)) <= 1);
}

export async function checkTermDates(ctx: PartnerContext): Promise<void> {
  const create = operation(ctx, 'createMonitoringEntities');
  const read = operation(ctx, 'getMonitoringEntity');
  const stop = operation(ctx, 'stopMonitoringEntity');
  if (!create || !read) return skip(ctx, 'term_dates', 'the document has no monitoring order and read');
  const before = await ctx.clock.now();
  const ordered = await orderEntities(ctx);
  if (!ordered) return skip(ctx, 'term_dates', 'no test entity could be ordered');
  const pointer = schemaPointerOf(create, ordered.evaluation.response.status);
  const clockReadings = [before, await ctx.clock.now(ordered.evaluation.response)].filter((at): at is Date => at !== undefined);
  const body = JSON.parse(ordered.evaluation.response.bodyText) as { entities?: { startsAt?: unknown }[] };
  const trusted = clockTrusted(ctx, body.entities?.[0]?.startsAt, clockReadings);
  if (!trusted)
    ctx.log("  partner: the service's today is unknown (its dates are not the Date header's): term_dates judges the terms only");
  const readings = trusted ? clockReadings : [];
  const problems = pointer ? termProblems(ctx.doc, pointer, body, readings, true) : undefined;
  if (problems) ctx.session.record(create.id, verdict('term_dates', problems), ordered.evaluation);
  const id = ordered.ids[0];
  await judged(ctx, read, { path: { id } }, trusted);
  // A day later the count has fallen by one: on a manual clock only (a real one is not moved).
  if ((await clockMode(ctx)) === 'manual' && (await advance(ctx, 86_400))) await judged(ctx, read, { path: { id } }, trusted);
  if (stop) await judged(ctx, stop, { path: { id } }, trusted);
}
