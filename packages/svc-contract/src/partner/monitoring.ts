// Monitoring resources the partner checks work on: a fresh test entity (a new ACN each time, which
// the sandbox resolves to a generated registered company, so no earlier order makes it a duplicate)
// and simulated events on it. Test keys are free (spec 8), so none of this is charged.
import { randomInt } from 'node:crypto';
import type { Evaluation } from '../session.js';
import { call, isSuccess, jsonOf, operation, type PartnerContext } from './context.js';

/** A 9-digit ACN with a valid check digit (weights 8..1, complement of the sum mod 10). */
export function freshAcn(): string {
  const digits = String(randomInt(10_000_000, 99_999_999)).split('').map(Number);
  const sum = digits.reduce((acc, digit, i) => acc + digit * (8 - i), 0);
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

export interface OrderedEntity {
  id: number;
  evaluation: Evaluation;
}

/** Orders monitoring of `count` fresh companies; their ids (and the answer), or undefined. */
export async function orderEntities(ctx: PartnerContext, count = 1): Promise<{ ids: number[]; evaluation: Evaluation } | undefined> {
  const create = operation(ctx, 'createMonitoringEntities');
  if (!create) return undefined;
  const body = { entities: Array.from({ length: count }, () => ({ acn: freshAcn() })) };
  const evaluation = await call(ctx, create, { body });
  if (!isSuccess(evaluation.response.status)) {
    ctx.log(`  partner: createMonitoringEntities answered ${evaluation.response.status}`);
    return undefined;
  }
  const entities = jsonOf(evaluation.response).entities;
  ctx.testOrder ??= evaluation;
  const ids = Array.isArray(entities)
    ? entities.map((entity) => (entity as { id?: unknown }).id).filter((id): id is number => typeof id === 'number')
    : [];
  return ids.length === count ? { ids, evaluation } : undefined;
}

/** Simulates one change event on the entity; its id, or undefined. */
export async function simulateChange(ctx: PartnerContext, entityId: number, eventType = 'address_change'): Promise<number | undefined> {
  const simulate = operation(ctx, 'simulateMonitoringEvent');
  if (!simulate) return undefined;
  const evaluation = await call(ctx, simulate, { path: { id: entityId }, body: { eventType } });
  const id = isSuccess(evaluation.response.status) ? jsonOf(evaluation.response).monitoringEventId : undefined;
  return typeof id === 'number' ? id : undefined;
}

/**
 * An active test entity to simulate events on: one the account already has, else a fresh order. On a
 * partner's long-lived sandbox account a run then adds no entity of its own (1,000 at most, spec 8).
 */
export async function activeEntity(ctx: PartnerContext): Promise<number | undefined> {
  const list = operation(ctx, 'listMonitoringEntities');
  if (list) {
    const found = await call(ctx, list, { query: { status: 'active', perPage: 1 } });
    const data = isSuccess(found.response.status) ? jsonOf(found.response).data : undefined;
    const id = Array.isArray(data) ? (data[0] as { id?: unknown } | undefined)?.id : undefined;
    if (typeof id === 'number') return id;
  }
  return (await orderEntities(ctx))?.ids[0];
}
