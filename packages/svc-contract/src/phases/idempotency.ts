// Check "idempotent_replay" (D-18, the idempotency guide): an operation that takes an
// `Idempotency-Key` is sent twice with the same key and body: the second answer must be the first
// one replayed (same status and body, `Idempotent-Replayed: true`) and have no effect of its own
// (counted where the runner can count: a list of the same collection, the operator's charges).
// Then the same key with another valid body must be refused with the 409 code the document names.
import { randomUUID } from 'node:crypto';
import type { PhaseContext } from '../context.js';
import type { Evaluation } from '../session.js';
import { toCurl } from '../request.js';
import type { ApiResponse, CheckResult, OperationInfo, RequestParts } from '../types.js';
import { atPointer } from '../document.js';
import { snippet } from '../checks.js';
import { withSandboxValues } from '../sandbox-values.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Counts something the operation's effect changes (rows of a list, charges), or undefined. */
export type EffectCounter = () => Promise<number | undefined>;

export function takesIdempotencyKey(operation: OperationInfo): boolean {
  return operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
}

/** The 409 code the document names for a reused key (`409 \`idempotency_key_reused\``), from the header's description. */
export function reusedKeyCode(doc: Record<string, unknown>, operation: OperationInfo): string | undefined {
  const parameter = operation.parameters.find((p) => p.name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
  const schema = parameter ? atPointer(doc, parameter.schemaPointer) : undefined;
  const text = schema && typeof schema === 'object' ? String((schema as { description?: unknown }).description ?? '') : '';
  return /409 `([a-z_]+)`/.exec(text)?.[1];
}

const transient = (status: number) => status === 0 || status === 429 || status >= 500 || status === 409 || status === 423;

function normalisedBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The replay against the first answer; undefined when the first was transient (nothing was stored). */
export function judgeReplay(first: ApiResponse, replay: ApiResponse, effect?: { first: number; replay: number }): CheckResult | undefined {
  if (transient(first.status) || replay.status === 429 || replay.status === 0) return undefined;
  const problems: string[] = [];
  if (replay.status !== first.status) problems.push(`the replay answered ${replay.status}, the first ${first.status}`);
  else if (normalisedBody(replay.bodyText) !== normalisedBody(first.bodyText)) problems.push('the replay answered another body');
  if (replay.headers['idempotent-replayed'] !== 'true')
    problems.push(`the replay has Idempotent-Replayed: ${replay.headers['idempotent-replayed'] ?? '(none)'}, expected true`);
  if (first.headers['idempotent-replayed'] === 'true') problems.push('the first request was marked Idempotent-Replayed');
  if (effect && effect.replay !== effect.first)
    problems.push(`the replay acted again (count ${effect.first} after the first, ${effect.replay} after the replay)`);
  return problems.length === 0
    ? { check: 'idempotent_replay', status: 'pass' }
    : { check: 'idempotent_replay', status: 'fail', message: `same Idempotency-Key and body: ${problems.join('; ')}` };
}

/** The same key with another body: the documented 409 and code. */
export function judgeConflict(code: string | undefined, response: ApiResponse): CheckResult | undefined {
  if (response.status === 429 || response.status === 0) return undefined;
  // The code sits where the operation's error family puts it (`error`, or `errors[].code` for Form 484).
  const named = code === undefined || response.bodyText.includes(`"${code}"`);
  if (response.status === 409 && named) return { check: 'idempotent_replay', status: 'pass' };
  return {
    check: 'idempotent_replay',
    status: 'fail',
    message: `same Idempotency-Key, another body: got ${response.status} ${snippet(response.bodyText, 120)}, expected 409${code ? ` ${code}` : ''}`,
  };
}

function stringLeaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => stringLeaves(item, [...path, name]));
  return [];
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root);
  let at = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

/** Another body the document accepts: another example, or one text field changed. */
export function otherBody(ctx: PhaseContext, operation: OperationInfo, parts: RequestParts): RequestParts | undefined {
  if (parts.body?.kind !== 'json') return undefined;
  const current = JSON.stringify(parts.body.value);
  const valid = (value: unknown) => ctx.session.validators.classify(operation, { ...parts, body: { kind: 'json', value } }).valid;
  // Other examples first, with the sandbox's values: a changed text field may still be refused by a
  // rule the schema cannot say (a webhook URL that no longer names the receiver), before the key is looked at.
  const examples = (operation.body?.examples ?? []).map((value) => {
    const sandboxed = withSandboxValues(ctx.session.baseUrl, { ...parts, body: { kind: 'json', value } }).body;
    return sandboxed?.kind === 'json' ? sandboxed.value : value;
  });
  const candidates: unknown[] = [...examples];
  for (const path of stringLeaves(parts.body.value)) {
    const text = String(path.reduce<unknown>((at, step) => (at as Record<string | number, unknown>)[step], parts.body.value));
    candidates.push(
      setAt(parts.body.value, path, `${text}x`),
      setAt(parts.body.value, path, `${text.slice(0, -1)}${text.endsWith('1') ? '2' : '1'}`),
    );
  }
  const found = candidates.find((candidate) => JSON.stringify(candidate) !== current && valid(candidate));
  return found === undefined ? undefined : { ...parts, body: { kind: 'json', value: found } };
}

/** Runs the replay and conflict checks on one operation with a request the document accepts. */
export async function checkIdempotency(
  ctx: PhaseContext,
  operation: OperationInfo,
  base: RequestParts,
  count?: EffectCounter,
): Promise<Evaluation | undefined> {
  const { session } = ctx;
  const key = `svc-contract-${randomUUID()}`;
  const parts: RequestParts = { ...base, header: { ...base.header, [IDEMPOTENCY_HEADER]: key } };
  const first = await session.evaluate(operation, parts, 'stateful');
  session.commit(first);
  const afterFirst = count ? await count() : undefined;
  const replay = await session.evaluate(operation, parts, 'stateful');
  session.commit(replay, [toCurl(first.request)]);
  const afterReplay = count ? await count() : undefined;
  const effect = afterFirst !== undefined && afterReplay !== undefined ? { first: afterFirst, replay: afterReplay } : undefined;
  const replayed = judgeReplay(first.response, replay.response, effect);
  if (replayed) session.record(operation.id, replayed, replay, [toCurl(first.request)]);
  const other = otherBody(ctx, operation, parts);
  if (other && !transient(first.response.status)) {
    const conflict = await session.evaluate(operation, other, 'stateful');
    session.commit(conflict, [toCurl(first.request)]);
    const judged = judgeConflict(reusedKeyCode(ctx.doc, operation), conflict.response);
    if (judged) session.record(operation.id, judged, conflict, [toCurl(first.request)]);
  }
  return first;
}
