// Check "zoned_day_boundary": dates at every time of day. The service's calendar dates are
// Australia/Brisbane dates (`x-date-zone`); from 14:00 to 23:59 UTC Brisbane is already on the next
// day, and a server that takes the UTC date is a day out for those ten hours, which a run at any
// other hour never sees. With the operator token and a manual clock the runner moves the clock to
// instants in those hours and, at each: orders a monitoring entity (its `on-create` dates are
// Brisbane's today, its `x-term` and `x-days-until` hold), sends each request body example whose
// `x-date-today: not-after` dates are set to Brisbane's today (accepted) and to the day after
// (refused), and reads the events list with `since` at Brisbane's midnight (an event made now is
// included) and the next midnight (it is not).
import { dateInZone } from '../semantic/clock.js';
import { createdDateProblems, ruledProperties, zonedDates } from '../semantic/zoned-dates.js';
import type { Evaluation } from '../session.js';
import type { JsonObject, OperationInfo } from '../types.js';
import { advance, call, clockMode, isSuccess, jsonOf, operation, skip, verdict, type PartnerContext } from './context.js';
import { orderEntities, simulateChange } from './monitoring.js';
import { termProblems } from './term-dates.js';

/** UTC hours (and minutes) visited: just after Brisbane's midnight, mid-evening UTC, just before UTC's midnight. */
const VISITS: [number, number][] = [
  [14, 5],
  [18, 30],
  [23, 55],
];
const ZONE = 'Australia/Brisbane';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Seconds from `now` to the next instant at this UTC hour and minute (today's, or tomorrow's if past). */
export function secondsUntil(now: Date, hour: number, minute: number): number {
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute);
  const at = target > now.getTime() ? target : target + 86_400_000;
  return Math.ceil((at - now.getTime()) / 1000);
}

/** Operations whose request body carries `x-date-today: not-after` dates, with a valid example to set them in. */
function notAfterBodies(ctx: PartnerContext): { op: OperationInfo; body: unknown }[] {
  const out: { op: OperationInfo; body: unknown }[] = [];
  for (const op of ctx.operations.values()) {
    if (!op.body || op.path.includes('{')) continue;
    for (const example of op.body.examples) {
      const dates = ruledProperties(ctx.doc, op.body.schemaPointer, example, 'x-date-today').filter((found) => found.rule === 'not-after');
      if (dates.length === 0) continue;
      out.push({ op, body: example });
      break;
    }
  }
  return out;
}

/** The example with every `not-after` date set to `date`. */
function withDates(ctx: PartnerContext, op: OperationInfo, example: unknown, date: string): unknown {
  const copy = structuredClone(example);
  for (const found of ruledProperties(ctx.doc, op.body!.schemaPointer, copy, 'x-date-today'))
    if (found.rule === 'not-after') found.holder[found.property] = date;
  return copy;
}

interface Finding {
  problem: string;
  evidence: Evaluation;
}

async function visit(ctx: PartnerContext, now: Date, findings: Finding[]): Promise<Evaluation | undefined> {
  const today = dateInZone(now, ZONE);
  const at = `${now.toISOString()} (Brisbane ${today})`;
  let evidence: Evaluation | undefined;
  // Dates of a thing made now.
  const ordered = await orderEntities(ctx);
  const create = operation(ctx, 'createMonitoringEntities');
  if (ordered && create) {
    evidence = ordered.evaluation;
    const pointer = create.responses[String(ordered.evaluation.response.status)]?.content[0]?.schemaPointer;
    const body = JSON.parse(ordered.evaluation.response.bodyText) as unknown;
    if (pointer) {
      const dates = zonedDates(ctx.doc, pointer, body);
      const problems = [...createdDateProblems(dates, [now]), ...(termProblems(ctx.doc, pointer, body, [now], true) ?? [])];
      for (const problem of problems) findings.push({ problem: `at ${at}: ${problem}`, evidence: ordered.evaluation });
    }
  }
  // "Not after today" request dates: today is accepted, tomorrow refused.
  for (const { op, body } of notAfterBodies(ctx)) {
    const accepted = await call(ctx, op, { body: withDates(ctx, op, body, today) });
    evidence = accepted;
    if (!isSuccess(accepted.response.status))
      findings.push({
        problem: `at ${at}: ${op.id} with its today-bounded dates on ${today} answered ${accepted.response.status}: ${accepted.response.bodyText.slice(0, 160)}`,
        evidence: accepted,
      });
    const refused = await call(ctx, op, { body: withDates(ctx, op, body, addDays(today, 1)) });
    if (refused.response.status !== 422)
      findings.push({
        problem: `at ${at}: ${op.id} with its today-bounded dates on ${addDays(today, 1)} (tomorrow) answered ${refused.response.status}, not 422`,
        evidence: refused,
      });
  }
  // `since` at Brisbane's midnight: today's events are at or after it, none after the next one.
  const list = [...ctx.operations.values()].find((op) => op.method === 'get' && op.parameters.some((p) => p.name === 'since'));
  const eventId = ordered ? await simulateChange(ctx, ordered.ids[0]!) : undefined;
  if (list && eventId !== undefined) {
    const listed = async (since: string) => {
      const answer = await call(ctx, list, { query: { since, perPage: 100 } });
      evidence = answer;
      const data = jsonOf(answer.response).data;
      const ids = Array.isArray(data) ? (data as JsonObject[]).map((row) => row.monitoringEventId ?? row.id) : [];
      return { answer, has: ids.includes(eventId) };
    };
    const midnight = `${today}T00:00:00+10:00`;
    const next = `${addDays(today, 1)}T00:00:00+10:00`;
    const fromMidnight = await listed(midnight);
    if (!fromMidnight.has)
      findings.push({ problem: `at ${at}: since=${midnight} does not list event ${eventId} made now`, evidence: fromMidnight.answer });
    const fromNext = await listed(next);
    if (fromNext.has)
      findings.push({ problem: `at ${at}: since=${next} lists event ${eventId} made before it`, evidence: fromNext.answer });
  }
  return evidence;
}

export async function checkZonedDayBoundary(ctx: PartnerContext): Promise<void> {
  if (!ctx.session.adminToken) return skip(ctx, 'zoned_day_boundary', 'needs --admin-token (the service clock)');
  const mode = await clockMode(ctx);
  if (mode === 'kept') return skip(ctx, 'zoned_day_boundary', 'this run may not move the service clock (keepClock)');
  if (mode !== 'manual') return skip(ctx, 'zoned_day_boundary', 'needs a manual service clock (SVC_CLOCK=manual)');
  const findings: Finding[] = [];
  let evidence: Evaluation | undefined;
  for (const [hour, minute] of VISITS) {
    const now = await ctx.clock.now();
    if (!now) return skip(ctx, 'zoned_day_boundary', 'GET /admin/clock gave no time');
    if (!(await advance(ctx, secondsUntil(now, hour, minute)))) return skip(ctx, 'zoned_day_boundary', 'the clock could not be moved');
    const moved = await ctx.clock.now();
    if (!moved) return;
    const found: Finding[] = [];
    evidence = (await visit(ctx, moved, found)) ?? evidence;
    // Another run moving the same clock may have carried it into another day meanwhile: then this
    // visit's answers are not judged against the day it began on.
    const after = await ctx.clock.now();
    const sameDay = after && dateInZone(after, ZONE) === dateInZone(moved, ZONE) && dateInZone(after, 'UTC') === dateInZone(moved, 'UTC');
    if (sameDay) findings.push(...found);
    else ctx.log(`  partner: the service clock left ${moved.toISOString()}'s day during the visit; zoned_day_boundary not judged there`);
  }
  for (const { problem, evidence: shown } of findings)
    ctx.session.record(shown.operation.id, verdict('zoned_day_boundary', [problem]), shown);
  if (findings.length === 0 && evidence) ctx.session.record(evidence.operation.id, verdict('zoned_day_boundary', []), evidence);
}
