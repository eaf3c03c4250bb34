// The accounts the contract runner makes for itself (two per conformance run, packages/svc-contract's
// createRunnerAccount: "Contract runner", "Contract runner B", with this owner e-mail). Each run needs
// fresh ones (it must never see another run's resources or rate-limit counters), so the console lists
// them apart and never selects one by itself.
import type { Account } from '../../generated/admin-client/index.js';

export const RUNNER_OWNER_EMAIL = 'contract-runner@example.com';

export function isRunnerAccount(account: Pick<Account, 'ownerEmail'>): boolean {
  return account.ownerEmail === RUNNER_OWNER_EMAIL;
}
