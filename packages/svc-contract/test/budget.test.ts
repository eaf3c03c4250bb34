// D-74: on a real clock the runner spends each rate-limit class's budget instead of waiting out its
// windows. The examples and stateful requests are never held back; the generated phases share what
// is left per operation, and what was held back is reported as skipped (unproven, or partial).
import { describe, expect, it } from 'vitest';
import { RequestBudget } from '../src/budget.js';
import { budgetSkips, runLevelSkips } from '../src/skips.js';
import type { Session } from '../src/session.js';
import type { OperationInfo } from '../src/types.js';

function operation(id: string, rateLimitClass: string, extra: Partial<OperationInfo> = {}): OperationInfo {
  return {
    id,
    method: 'get',
    path: `/${id}`,
    parameters: [],
    responses: {},
    requiresAuth: true,
    allowsPublishable: false,
    rateLimitClass,
    ...extra,
  };
}

/** Sends `count` requests of a phase through the budget; answers how many went out. */
function send(budget: RequestBudget, op: OperationInfo, phase: 'examples' | 'coverage' | 'security', count: number): number {
  let sent = 0;
  for (let i = 0; i < count; i++) {
    if (!budget.allows(op, phase)) continue;
    budget.sent(op, phase);
    sent += 1;
  }
  return sent;
}

describe('the request budget of a real-clock run', () => {
  const a = operation('getEntity', 'monitoring');
  const b = operation('listEntities', 'monitoring');

  it('holds nothing back before a class has told its limit', () => {
    const budget = new RequestBudget([a, b]);
    budget.stage(a, 1);
    expect(send(budget, a, 'coverage', 500)).toBe(500);
    expect(budget.heldBack).toEqual([]);
  });

  it("splits two windows of the class's limit between its operations, stage by stage, and counts what it held back", () => {
    const budget = new RequestBudget([a, b]);
    budget.learn(a, 60);
    expect(send(budget, a, 'examples', 2)).toBe(2);
    // 2 × 60 − 2 sent − 2 operations × 4 reserved = 110, 55 each; coverage may use 0.5 of it.
    budget.stage(a, 0.5);
    expect(send(budget, a, 'coverage', 100)).toBe(27);
    budget.stage(a, 1);
    expect(send(budget, a, 'security', 100)).toBe(55 - 27);
    budget.finished(a);
    expect(budget.heldBack).toEqual([
      { operationId: 'getEntity', phase: 'coverage', bucket: 'monitoring', count: 73 },
      { operationId: 'getEntity', phase: 'security', bucket: 'monitoring', count: 72 },
    ]);
    // The last operation of the class gets what is left.
    budget.stage(b, 1);
    expect(send(budget, b, 'coverage', 100)).toBe(120 - 57 - 4);
  });

  it('never holds back the examples or the stateful sequences', () => {
    const budget = new RequestBudget([a]);
    budget.learn(a, 1);
    budget.stage(a, 1);
    expect(send(budget, a, 'examples', 50)).toBe(50);
    expect(send(budget, a, 'coverage', 5)).toBe(0);
  });

  it('reports a check with no result as skipped and one that ran on part of its requests as partial', () => {
    const budget = new RequestBudget([a]);
    budget.learn(a, 10);
    budget.stage(a, 1);
    send(budget, a, 'coverage', 40);
    send(budget, a, 'security', 5);
    const tallies: Record<string, { pass: number; fail: number; pending: number }> = {
      positive_data_acceptance: { pass: 3, fail: 0, pending: 0 },
    };
    const session = { tally: (_id: string, check: string) => tallies[check] } as unknown as Session;
    const skips = budgetSkips(budget, session, {}, new Map([[a.id, a]]));
    expect(skips).toEqual([
      {
        check: 'positive_data_acceptance',
        reason: 'rate-limit budget of the monitoring class: 24 coverage request(s) not sent',
        operationId: 'getEntity',
        partial: true,
      },
      {
        check: 'unsupported_method',
        reason: 'rate-limit budget of the monitoring class: 5 security request(s) not sent',
        operationId: 'getEntity',
      },
      {
        check: 'ignored_auth',
        reason: 'rate-limit budget of the monitoring class: 5 security request(s) not sent',
        operationId: 'getEntity',
      },
      {
        check: 'missing_required_header',
        reason: 'rate-limit budget of the monitoring class: 5 security request(s) not sent',
        operationId: 'getEntity',
      },
    ]);
  });
});

describe('checks a run could not make', () => {
  it('names what a key-only run lacks: a second account, the other environment, the operator token', () => {
    const reasons = runLevelSkips({ setup: {}, adminToken: false, receiverUsable: true }).map((s) => `${s.check}: ${s.reason}`);
    expect(reasons).toEqual([
      "account_isolation: no second account: give --other-key (another account's key) or --admin-token",
      "account_isolation: the account's key of the other environment is only known with --admin-token",
      "webhook_conformance: deliveries are read from the operator API's receiver log: needs --admin-token",
    ]);
  });

  it('has nothing to skip with an operator token on the test prefix', () => {
    const outsider = { label: 'x', secret: 's', baseUrl: 'http://127.0.0.1' };
    expect(runLevelSkips({ setup: { other: outsider, otherEnvironment: outsider }, adminToken: true, receiverUsable: true })).toEqual([]);
  });
});
