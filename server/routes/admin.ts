// Operator API handlers by operationId (spec/admin.openapi.json). Thin: the typed input in, one
// domain verb (or the job runner for the clock), the documented success out.
import { ManualClock } from '../clock.js';
import {
  createAccount,
  createPersonalAccessToken,
  getAccount,
  accountView,
  listAccounts,
  updateAccount,
} from '../domain/accounts/accounts.js';
import { setForm484Status } from '../domain/form484/status.js';
import { listPpsrSearchOverview } from '../domain/ppsr/overview.js';
import { form484Summary, listLodgementOverview } from '../domain/lodgements/overview.js';
import { listAccountMails } from '../domain/accounts/mails.js';
import { getRequest, listRequests } from '../domain/request-log/read.js';
import { listReceiverRequests } from '../domain/webhooks/receiver.js';
import { listAccountEndpoints } from '../domain/webhooks/account-endpoints.js';
import { DomainError } from '../domain/errors.js';
import { createKey, revokeKey, rollKey, updateKey } from '../domain/keys/keys.js';
import { listAccountCharges } from '../domain/ledger/charges.js';
import { createLodgement } from '../domain/lodgements/records.js';
import { setLodgementStatus } from '../domain/lodgements/status.js';
import { addPpsrRegistration } from '../domain/ppsr/registrations.js';
import { availabilityView, switchAvailability } from '../domain/ppsr/availability.js';
import { createCompanyDocument, createInsolvencyNotice, updateCompany, upsertCompany } from '../domain/register-edits/companies.js';
import { updateAbn, upsertAbn } from '../domain/register-edits/abns.js';
import { defineOperatorHandlers, type OperatorHandlers } from '../http/handler-maps.js';
import { advanceClock, runJobNow } from '../jobs/runner.js';

export const OPERATOR_HANDLERS = defineOperatorHandlers({
  createAccount: async (ctx, { body }) => {
    const created = await createAccount({ ctx, input: body });
    return { status: 201, body: { account: await accountView(ctx, created.account), keys: created.keys } };
  },
  listAccounts: async (ctx) => ({ status: 200, body: { data: await listAccounts({ ctx }) } }),
  getAccount: async (ctx, { params }) => ({ status: 200, body: await getAccount({ ctx, input: params }) }),
  updateAccount: async (ctx, { params, body }) => ({
    status: 200,
    body: await updateAccount({ ctx, input: { accountId: params.accountId, changes: body } }),
  }),
  createKey: async (ctx, { params, body }) => ({
    status: 201,
    body: await createKey({ ctx, input: { ...body, accountId: params.accountId } }),
  }),
  updateKey: async (ctx, { params, body }) => ({
    status: 200,
    body: await updateKey({ ctx, input: { keyId: params.keyId, domains: body.domains } }),
  }),
  rollKey: async (ctx, { params, body }) => ({
    status: 200,
    body: await rollKey({ ctx, input: { keyId: params.keyId, strategy: body.strategy } }),
  }),
  revokeKey: async (ctx, { params }) => {
    await revokeKey({ ctx, input: params });
    return { status: 204 };
  },
  createPersonalAccessToken: async (ctx, { params, body }) => ({
    status: 201,
    body: { token: await createPersonalAccessToken({ ctx, input: { accountId: params.accountId, name: body.name } }) },
  }),
  listCharges: async (ctx, { params }) => ({ status: 200, body: { data: await listAccountCharges({ ctx, input: params }) } }),
  listMails: async (ctx, { params }) => ({ status: 200, body: { data: await listAccountMails({ ctx, input: params }) } }),
  listAccountRequests: async (ctx, { params, query }) => ({
    status: 200,
    body: await listRequests({ ctx, input: { ...query, accountId: params.accountId } }),
  }),
  getAccountRequest: async (ctx, { params }) => ({ status: 200, body: await getRequest({ ctx, input: params }) }),
  getClock: async (ctx) => ({ status: 200, body: { now: ctx.clock.now().toISOString(), mode: ctx.clock.mode } }),
  advanceClock: async (ctx, { body }) => {
    if (!(ctx.clock instanceof ManualClock))
      throw new DomainError('clock_not_manual', 'The clock is real; start the server with SVC_CLOCK=manual to move it.');
    // An advance sent the moment the service listens waits for the recurring jobs to be queued (D-63):
    // otherwise it would cross days whose daily jobs do not exist yet.
    await ctx.startup?.settled;
    const { jobsRun, now } = await advanceClock(ctx, ctx.jobs, ctx.clock, body.seconds);
    return { status: 200, body: { now: now.toISOString(), jobsRun } };
  },
  runJob: async (ctx, { params }) => ({ status: 200, body: { jobsRun: await runJobNow(ctx, ctx.jobs, params.name) } }),
  createLodgement: async (ctx, { body }) => ({ status: 201, body: await createLodgement({ ctx, input: body }) }),
  setLodgementStatus: async (ctx, { params, body }) => ({
    status: 200,
    body: await setLodgementStatus({ ctx, input: { requestId: params.requestId, status: body.status } }),
  }),
  listLodgements: async (ctx, { query }) => ({
    status: 200,
    body: { data: await listLodgementOverview({ ctx, input: { accountId: query.accountId, kind: query.kind } }) },
  }),
  setForm484Status: async (ctx, { params, body }) => ({
    status: 200,
    body: form484Summary(await setForm484Status({ ctx, input: { requestId: params.requestId, status: body.status } })),
  }),
  listPpsrSearches: async (ctx, { query }) => ({ status: 200, body: { data: await listPpsrSearchOverview({ ctx, input: query }) } }),
  runConformance: async (ctx, { body }) => {
    // Loaded on first use (start time): the contract runner brings undici, fast-check and an
    // Ajv of its own, a tenth of a second of loading no other request needs. `npm start`'s bundle is
    // split at this import, so the chunk is read only then.
    const { runConformance } = await import('../domain/conformance/run.js');
    return { status: 200, body: await runConformance({ ctx, input: body }) };
  },
  listReceivedWebhooks: async (ctx, { query }) => ({ status: 200, body: await listReceiverRequests({ ctx, input: query }) }),
  listAccountWebhookEndpoints: async (ctx, { params }) => ({ status: 200, body: await listAccountEndpoints({ ctx, input: params }) }),
  createPpsrRegistration: async (ctx, { body }) => {
    const { registration } = await addPpsrRegistration({ ctx, input: body });
    return {
      status: 201,
      body: {
        registrationNumber: registration.registrationNumber,
        grantorNumberType: registration.grantorNumberType,
        grantorNumber: registration.grantorNumber,
        collateralClass: registration.collateralClass,
        securedPartyName: registration.securedPartyName,
        registrationStart: registration.registrationStart.toISOString(),
        serialNumber: registration.serialNumber,
      },
    };
  },
  getRegisterAvailability: async (ctx) => ({ status: 200, body: await availabilityView(ctx) }),
  updateRegisterAvailability: async (ctx, { body }) => ({ status: 200, body: await switchAvailability({ ctx, input: body }) }),
  upsertCompany: async (ctx, { body }) => {
    const { created, company } = await upsertCompany({ ctx, input: body });
    return created ? { status: 201, body: company } : { status: 200, body: company };
  },
  updateCompany: async (ctx, { params, body }) => ({
    status: 200,
    body: await updateCompany({ ctx, input: { acn: params.acn, changes: body } }),
  }),
  upsertAbn: async (ctx, { body }) => {
    const { created, abn } = await upsertAbn({ ctx, input: body });
    return created ? { status: 201, body: abn } : { status: 200, body: abn };
  },
  updateAbn: async (ctx, { params, body }) => ({ status: 200, body: await updateAbn({ ctx, input: { abn: params.abn, changes: body } }) }),
  createCompanyDocument: async (ctx, { params, body }) => ({
    status: 201,
    body: await createCompanyDocument({ ctx, input: { acn: params.acn, document: body } }),
  }),
  createInsolvencyNotice: async (ctx, { params, body }) => ({
    status: 201,
    body: await createInsolvencyNotice({ ctx, input: { acn: params.acn, notice: body } }),
  }),
}) satisfies OperatorHandlers;
