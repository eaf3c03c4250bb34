// Check "ledger_charges": the account's charges, read through the operator API, against what the
// document says an operation costs (`x-charge`, D-76). Test-environment work is never charged: after
// the run, no charge of the run's account is a test one with a non-zero amount. Live charges match
// the documented prices: with the account's live key on the live prefix, each charged operation is
// sent once with its example body, and exactly one new charge of the documented amount (per request,
// or per item of the body's list) must appear, equal to the answer's `total` when it states one. The
// runner's own account (enterprise, no lodgements) gets no D-41 discount, so the undiscounted price
// is the one to find; with a given key the account's discount is unknown and the live part is skipped.
// A renewal (charged per id) renews the live entities the order made just before.
import { exampleParts } from '../phases/examples.js';
import type { JsonObject, OperationInfo } from '../types.js';
import { operationObject } from '../semantic/rules.js';
import { admin, call, isSuccess, jsonOf, skip, verdict, type PartnerContext } from './context.js';
import { freshAcn } from './monitoring.js';

interface ChargeRule {
  live: { cents: number; per: 'request' | { items: string } };
  test: number;
}

interface Charge {
  id: string | number;
  amount: number;
  kind?: string;
  environment?: string;
}

function chargeRule(ctx: PartnerContext, op: OperationInfo): ChargeRule | undefined {
  const rule = operationObject(ctx.doc, op)['x-charge'] as Partial<ChargeRule> | undefined;
  return rule && typeof rule.live?.cents === 'number' ? (rule as ChargeRule) : undefined;
}

async function charges(ctx: PartnerContext): Promise<Charge[] | undefined> {
  const answer = await admin(ctx, 'GET', `/admin/accounts/${ctx.accountId}/charges`);
  const data = answer?.status === 200 ? jsonOf(answer).data : undefined;
  return Array.isArray(data) ? (data as Charge[]) : undefined;
}

/** The live prefix of a test base URL (`/api/test/v2` -> `/api/v2`). */
function liveBase(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  const live = url.pathname.replace(/\/test\//, '/');
  return live === url.pathname ? undefined : `${url.origin}${live}`;
}

/** The body to charge once: the first valid example, monitoring a fresh company so no earlier order makes it a duplicate. */
function chargedBody(ctx: PartnerContext, op: OperationInfo, rule: ChargeRule): unknown {
  const example = exampleParts(ctx, op).find((parts) => parts.body?.kind === 'json' && ctx.session.validators.classify(op, parts).valid);
  const body = example?.body?.kind === 'json' ? (structuredClone(example.body.value) as JsonObject) : undefined;
  if (body && typeof rule.live.per === 'object' && rule.live.per.items === 'entities') body.entities = [{ acn: freshAcn() }];
  return body;
}

/** Test work charges nothing: every test-environment charge of the account is zero. */
export async function checkTestCharges(ctx: PartnerContext): Promise<void> {
  const evidence = ctx.testOrder;
  if (!ctx.session.adminToken || !ctx.accountId) return skip(ctx, 'ledger_charges', "needs --admin-token (the account's charges)");
  const rows = await charges(ctx);
  if (!rows || !evidence) return;
  const charged = rows.filter((row) => row.environment !== 'live' && row.amount !== 0);
  ctx.session.record(
    evidence.operation.id,
    verdict(
      'ledger_charges',
      charged.map((row) => `test-environment work was charged: ${row.kind ?? 'charge'} ${row.id} of ${row.amount} cents`),
    ),
    evidence,
  );
}

/** Each charged operation, once, with the live key: one charge of the documented price. */
export async function checkLiveCharges(ctx: PartnerContext): Promise<void> {
  const charged = [...ctx.operations.values()].filter((op) => chargeRule(ctx, op) && !op.path.includes('{'));
  if (charged.length === 0) return skip(ctx, 'ledger_charges', 'no operation of the document states x-charge');
  const live = liveBase(ctx.session.baseUrl);
  if (!ctx.session.adminToken || !ctx.accountId || !ctx.liveSecret || !live)
    return skip(
      ctx,
      'ledger_charges',
      'live prices need --admin-token and a test base URL (the run makes its own account and uses its live key)',
    );
  const liveIds: number[] = [];
  for (const op of charged) {
    const rule = chargeRule(ctx, op)!;
    // A list of ids (a renewal) names the live entities the order before made.
    const byIds = typeof rule.live.per === 'object' && rule.live.per.items !== 'entities' ? rule.live.per.items : undefined;
    if (byIds && liveIds.length === 0) {
      skip(ctx, 'ledger_charges', `${op.id}: no live entity was ordered to renew`);
      continue;
    }
    const body = byIds ? { [byIds]: liveIds } : chargedBody(ctx, op, rule);
    if (body === undefined) continue;
    const before = (await charges(ctx)) ?? [];
    const evaluation = await call(ctx, op, { body, baseUrl: live, auth: { headers: { Authorization: `Bearer ${ctx.liveSecret}` } } });
    if (!isSuccess(evaluation.response.status)) {
      ctx.log(`  partner: ${op.id} on the live prefix answered ${evaluation.response.status}: its charge not checked`);
      continue;
    }
    const after = (await charges(ctx)) ?? [];
    const known = new Set(before.map((row) => String(row.id)));
    const added = after.filter((row) => !known.has(String(row.id)));
    const count = rule.live.per === 'request' ? 1 : ((body as JsonObject)[rule.live.per.items] as unknown[]).length;
    const expected = rule.live.cents * count;
    const answer = jsonOf(evaluation.response);
    if (!byIds && Array.isArray(answer.entities))
      for (const entity of answer.entities as JsonObject[]) if (typeof entity.id === 'number') liveIds.push(entity.id);
    const problems: string[] = [];
    if (added.length !== 1 || added[0]!.amount !== expected)
      problems.push(
        `${op.id} on the live prefix added charges [${added.map((row) => row.amount).join(', ')}]; the document's price is one charge of ${expected} cents`,
      );
    if (typeof answer.total === 'number' && answer.total !== expected)
      problems.push(`${op.id} answered total ${answer.total}; the document's price is ${expected} cents`);
    if (typeof answer.unitPrice === 'number' && typeof rule.live.per === 'object' && answer.unitPrice !== rule.live.cents)
      problems.push(`${op.id} answered unitPrice ${answer.unitPrice}; the document's price is ${rule.live.cents} cents`);
    ctx.session.record(op.id, verdict('ledger_charges', problems), evaluation);
  }
}
