// Checks that could not run, each with the reason a reader can act on: what the run lacked (a second
// account, the operator token) or what the rate-limit budget held back (D-74). Listed as skipped in
// every report; `--strict` fails on any that left a check unproven.
import type { RequestBudget } from './budget.js';
import type { AccountSetup } from './phases/accounts.js';
import { semanticRules } from './semantic/rules.js';
import type { Session } from './session.js';
import type { CheckName, JsonObject, OperationInfo, Phase, Skip } from './types.js';

export function runLevelSkips(run: { setup: AccountSetup; adminToken: boolean; receiverUsable: boolean }): Skip[] {
  const out: Skip[] = [];
  if (!run.setup.other)
    out.push({ check: 'account_isolation', reason: "no second account: give --other-key (another account's key) or --admin-token" });
  if (!run.setup.otherEnvironment)
    out.push({
      check: 'account_isolation',
      reason: run.adminToken
        ? 'the base URL has no other environment (the test prefix /api/test/v2 has the live one)'
        : "the account's key of the other environment is only known with --admin-token",
    });
  if (!run.adminToken)
    out.push({ check: 'webhook_conformance', reason: "deliveries are read from the operator API's receiver log: needs --admin-token" });
  else if (!run.receiverUsable)
    out.push({ check: 'webhook_conformance', reason: 'the built-in webhook receiver takes test keys only: run on the test prefix' });
  return out;
}

/** The checks a phase's requests would have judged on this operation. */
function checksOf(doc: JsonObject, operation: OperationInfo, phase: Phase): CheckName[] {
  switch (phase) {
    case 'coverage':
    case 'fuzzing':
      return operation.parameters.length > 0 || operation.body
        ? ['positive_data_acceptance', 'negative_data_rejection']
        : ['positive_data_acceptance'];
    case 'security': {
      const out: CheckName[] = ['unsupported_method'];
      if (operation.requiresAuth) out.push('ignored_auth', 'missing_required_header');
      return out;
    }
    case 'semantic': {
      const rules = semanticRules(doc, operation);
      const out: CheckName[] = [];
      if (rules.success && operation.body) out.push('success_status_rule');
      if (rules.pagination && operation.method === 'get') out.push('pagination_consistency');
      if (rules.refinements.length > 0) out.push('refinement_rejection');
      return out;
    }
    default:
      return [];
  }
}

/**
 * What the budget held back, per operation and phase: a check with no result at all on the
 * operation is skipped (unproven); one that ran on part of its requests is listed as partial.
 */
export function budgetSkips(budget: RequestBudget, session: Session, doc: JsonObject, operations: Map<string, OperationInfo>): Skip[] {
  const out: Skip[] = [];
  for (const held of budget.heldBack) {
    const operation = operations.get(held.operationId);
    if (!operation) continue;
    const reason = `rate-limit budget of the ${held.bucket} class: ${held.count} ${held.phase} request(s) not sent`;
    for (const check of checksOf(doc, operation, held.phase)) {
      const tally = session.tally(held.operationId, check);
      const ran = tally !== undefined && tally.pass + tally.fail + tally.pending > 0;
      out.push({ check, reason, operationId: held.operationId, ...(ran ? { partial: true } : {}) });
    }
  }
  return out;
}
