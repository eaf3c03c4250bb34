// Phase "stateful": sequences that follow the document's OpenAPI `links`. A create is made, then
// every operation its response links to is called with the values the links name: reads first
// (ensure_resource_availability: what was just created must be there), then updates, then deletes.
// After a delete whose documented success has no body (a removal, not a state change such as
// stopping monitoring), every link is followed again and must answer 404 (use_after_free).
import { atPointer } from '../document.js';
import { type PhaseContext } from '../context.js';
import { toCurl } from '../request.js';
import type { Evaluation } from '../session.js';
import type { ApiResponse, CheckResult, LinkInfo, OperationInfo, RequestParts } from '../types.js';
import { exampleParts, generatedParts } from './examples.js';

interface Step {
  link: LinkInfo;
  target: OperationInfo;
  parts: RequestParts;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** OpenAPI runtime expressions ($response.body#/…, $response.header.…, $request.path.…, …). */
export function evaluateExpression(expression: string, parts: RequestParts, response: ApiResponse): unknown {
  if (!expression.startsWith('$')) return expression;
  if (expression === '$statusCode') return response.status;
  const [source, pointer] = expression.split('#');
  if (source === '$response.body') return atPointer(parseBody(response.bodyText), pointer ?? '');
  if (source === '$request.body') return atPointer(parts.body?.kind === 'json' ? parts.body.value : undefined, pointer ?? '');
  const match = /^\$(request|response)\.(path|query|header)\.(.+)$/.exec(expression);
  if (!match) return undefined;
  const [, side, where, name] = match;
  if (side === 'response') return where === 'header' ? response.headers[name!.toLowerCase()] : undefined;
  return parts[where as 'path' | 'query' | 'header'][name!];
}

function stepFor(ctx: PhaseContext, link: LinkInfo, created: Evaluation, createdParts: RequestParts): Step | undefined {
  const target = ctx.operations.get(link.operationId);
  if (!target) return undefined;
  const base = exampleParts(ctx, target)[0] ?? generatedParts(ctx, target);
  const parts: RequestParts = {
    path: { ...base.path },
    query: { ...base.query },
    header: { ...base.header },
    ...(base.body ? { body: base.body } : {}),
  };
  for (const [key, expression] of Object.entries(link.parameters)) {
    const value = evaluateExpression(expression, createdParts, created.response);
    if (value === undefined) return undefined;
    const [prefix, rest] = key.includes('.') ? (key.split('.', 2) as [string, string]) : [undefined, key];
    const parameter = target.parameters.find((p) => p.name === rest && (!prefix || p.in === prefix));
    if (!parameter) return undefined;
    parts[parameter.in][parameter.name] = value;
  }
  return { link, target, parts };
}

function availability(source: OperationInfo, step: Step, response: ApiResponse): CheckResult | undefined {
  if (response.status === 501)
    return { check: 'ensure_resource_availability', status: 'pending', message: `${step.target.id} answered 501` };
  if (response.status >= 200 && response.status < 300) return { check: 'ensure_resource_availability', status: 'pass' };
  if (response.status === 404 || response.status === 410) {
    return {
      check: 'ensure_resource_availability',
      status: 'fail',
      message: `${source.id} created a resource but ${step.target.id} (link ${step.link.name}) answered ${response.status}`,
    };
  }
  return undefined;
}

function afterDelete(remover: OperationInfo, step: Step, response: ApiResponse): CheckResult | undefined {
  const status = response.status;
  if (status === 429) return undefined;
  if (status === 501) return { check: 'use_after_free', status: 'pending', message: `${step.target.id} answered 501` };
  if (status === 404 || status === 410) return { check: 'use_after_free', status: 'pass' };
  return {
    check: 'use_after_free',
    status: 'fail',
    message: `${step.target.id} (link ${step.link.name}) answered ${status} after ${remover.id} removed the resource; expected 404`,
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** A documented success without content: the DELETE removes the resource rather than changing its state. */
function removes(operation: OperationInfo, status: number): boolean {
  const documented = operation.responses[String(status)];
  return operation.method === 'delete' && documented !== undefined && documented.content.length === 0;
}

async function follow(
  ctx: PhaseContext,
  source: OperationInfo,
  created: Evaluation,
  createdParts: RequestParts,
  links: LinkInfo[],
): Promise<void> {
  const { session } = ctx;
  const steps = links.flatMap((link) => stepFor(ctx, link, created, createdParts) ?? []);
  const rank = (s: Step) => (s.target.method === 'get' ? 0 : s.target.method === 'delete' ? 2 : 1);
  steps.sort((a, b) => rank(a) - rank(b));
  const history = [toCurl(created.request)];
  let availabilityJudged = false;
  for (const step of steps) {
    const evaluation = await session.evaluate(step.target, step.parts, 'stateful');
    session.commit(evaluation, [...history]);
    if (step.target.method !== 'delete' && !availabilityJudged) {
      const result = availability(source, step, evaluation.response);
      if (result) session.record(source.id, result, evaluation, [...history]);
      availabilityJudged = result !== undefined;
    }
    history.push(toCurl(evaluation.request));
    if (!isSuccess(evaluation.response.status) || !removes(step.target, evaluation.response.status)) continue;
    for (const again of steps) {
      const replay = await session.evaluate(again.target, again.parts, 'stateful');
      session.commit(replay, [...history]);
      const result = afterDelete(step.target, again, replay.response);
      if (result) session.record(step.target.id, result, replay, [...history]);
    }
    return; // the resource is gone: nothing further to follow
  }
}

/** Creates with the operation's valid examples (then generated bodies) until one succeeds, and follows its links. */
export async function runStateful(ctx: PhaseContext, source: OperationInfo, examples: RequestParts[]): Promise<void> {
  if (!Object.values(source.responses).some((r) => r.status.startsWith('2') && r.links.length > 0)) return;
  const { session } = ctx;
  const candidates = [...examples.slice(0, 3), generatedParts(ctx, source, 1), generatedParts(ctx, source, 2)];
  let last = 0;
  for (const parts of candidates) {
    const created = await session.evaluate(source, parts, 'stateful');
    session.commit(created);
    last = created.response.status;
    if (last === 501) {
      session.record(
        source.id,
        { check: 'ensure_resource_availability', status: 'pending', message: `${source.id} answered 501` },
        created,
      );
      return;
    }
    const links = source.responses[String(last)]?.links ?? [];
    if (isSuccess(last) && links.length > 0) {
      await follow(ctx, source, created, parts, links);
      return;
    }
  }
  ctx.log(`  stateful: no ${source.id} succeeded (last status ${last}); its links were not followed`);
}
