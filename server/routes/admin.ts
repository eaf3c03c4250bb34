// Operator API handlers by operationId (spec/admin.openapi.json). Thin: validated input in, a domain
// verb, a view out.
import { ManualClock } from '../clock.js';
import type { AdminHandlerMap } from '../http/admin-api.js';
import {
  accountView,
  createAccount,
  createPersonalAccessToken,
  findAccount,
  updateAccount,
  type AccountChanges,
  type NewAccount,
} from '../domain/accounts/accounts.js';
import { findKey, issueKey, keyView, revokeKey, rollKey, updateKeyDomains } from '../domain/keys/keys.js';
import type { Environment, KeyType } from '../domain/keys/key-format.js';
import { listCharges } from '../domain/ledger/charges.js';
import { listMails } from '../domain/mail/outbox.js';
import { DomainError } from '../domain/errors.js';
import { advanceClock, runJobNow, type JobRegistry } from '../jobs/runner.js';
import { apiErrorBody } from '../http/responses.js';
import { createLodgement, lodgementView, type LodgementStatusName, type NewLodgement } from '../domain/lodgements/records.js';
import { setLodgementStatus } from '../domain/lodgements/status.js';

const str = (value: unknown): string => String(value);

export function createAdminHandlers(registry: JobRegistry): AdminHandlerMap {
  return {
    createAccount: async (deps, { body }) => {
      const created = await createAccount(deps, body as NewAccount);
      return { status: 201, body: { account: await accountView(deps, created.account), keys: created.keys } };
    },
    getAccount: async (deps, { params }) => ({
      status: 200,
      body: await accountView(deps, await findAccount(deps, str(params.accountId))),
    }),
    updateAccount: async (deps, { params, body }) => {
      const changes = body as AccountChanges;
      if (Object.keys(changes).length === 0)
        throw new DomainError('validation_failed', 'Send at least one field.', {
          errors: { body: [{ code: 'empty_body', message: 'Send at least one field.' }] },
        });
      return { status: 200, body: await accountView(deps, await updateAccount(deps, str(params.accountId), changes)) };
    },
    createKey: async (deps, { params, body }) => {
      const account = await findAccount(deps, str(params.accountId));
      const input = body as { type: KeyType; environment: Environment; domains?: string[] };
      const issued = await issueKey(deps, { accountId: account.id, ...input });
      return { status: 201, body: { key: keyView(issued.key, deps.clock.now()), secret: issued.secret } };
    },
    updateKey: async (deps, { params, body }) => {
      const key = await updateKeyDomains(deps, str(params.keyId), (body as { domains: string[] }).domains);
      return { status: 200, body: keyView(key, deps.clock.now()) };
    },
    rollKey: async (deps, { params, body }) => {
      const key = await findKey(deps, str(params.keyId));
      if (key.status === 'revoked' || key.expiresAt)
        return { status: 409, body: apiErrorBody('key_not_active', 'Only an active key can be rolled.') };
      const rolled = await rollKey(deps, key.id, (body as { strategy: 'instant' | 'delayed' }).strategy);
      return { status: 200, body: { key: keyView(rolled.key, deps.clock.now()), secret: rolled.secret } };
    },
    revokeKey: async (deps, { params }) => {
      await revokeKey(deps, str(params.keyId));
      return { status: 204 };
    },
    createPersonalAccessToken: async (deps, { params, body }) => ({
      status: 201,
      body: { token: await createPersonalAccessToken(deps, str(params.accountId), (body as { name: string }).name) },
    }),
    listCharges: async (deps, { params }) => {
      await findAccount(deps, str(params.accountId));
      const rows = await listCharges(deps, str(params.accountId));
      return {
        status: 200,
        body: {
          data: rows.map((c) => ({
            id: c.id,
            amount: c.amount,
            kind: c.kind,
            reference: c.reference,
            environment: c.environment,
            createdAt: c.createdAt.toISOString(),
          })),
        },
      };
    },
    listMails: async (deps, { params }) => {
      await findAccount(deps, str(params.accountId));
      const rows = await listMails(deps, str(params.accountId));
      return {
        status: 200,
        body: { data: rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString() })) },
      };
    },
    getClock: async (deps) => ({ status: 200, body: { now: deps.clock.now().toISOString(), mode: deps.clock.mode } }),
    advanceClock: async (deps, { body }) => {
      if (!(deps.clock instanceof ManualClock))
        return {
          status: 409,
          body: apiErrorBody('clock_not_manual', 'The clock is real; start the server with SVC_CLOCK=manual to move it.'),
        };
      const jobsRun = await advanceClock(deps, registry, deps.clock, (body as { seconds: number }).seconds);
      return { status: 200, body: { now: deps.clock.now().toISOString(), jobsRun } };
    },
    runJob: async (deps, { params }) => ({ status: 200, body: { jobsRun: await runJobNow(deps, registry, str(params.name)) } }),
    createLodgement: async (deps, { body }) => ({ status: 201, body: lodgementView(await createLodgement(deps, body as NewLodgement)) }),
    setLodgementStatus: async (deps, { params, body }) => ({
      status: 200,
      body: lodgementView(await setLodgementStatus(deps, Number(params.requestId), (body as { status: LodgementStatusName }).status)),
    }),
  };
}
