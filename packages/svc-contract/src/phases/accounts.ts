// Phase "stateful", across accounts: before the per-operation phases, account A (the run's key)
// makes one resource of each kind with the document's examples and the sandbox's values
// (sandbox.md: magic numbers, the built-in webhook receiver, the operator API), reaching the
// operations no link of the document leads to (a certificate, a delivery to resend, a monitoring
// event, a resumed entity). Every id-bearing request that answered A with a success is then tried
// as account B and as A's other environment (isolation.ts), every operation taking an
// Idempotency-Key is replayed (idempotency.ts), and what the receiver got is verified
// (webhook-deliveries.ts). What it made is removed at the end, so the later phases start clean.
import { sendRequest, sleep } from '../http.js';
import type { PhaseContext } from '../context.js';
import { receiverUrl, usesReceiver } from '../sandbox-values.js';
import type { Evaluation } from '../session.js';
import type { ApiResponse, OperationInfo, RequestParts } from '../types.js';
import { exampleParts } from './examples.js';
import { checkIdempotency, takesIdempotencyKey, type EffectCounter } from './idempotency.js';
import { checkInvalidBodiesOnOwned } from './owned-bodies.js';
import { documentIdFields } from './id-field-names.js';
import { checkForeignIdFields, type ListedRows } from './id-fields.js';
import { checkForeignIds, checkForeignLists, idsIn, type OwnedRequest, type Outsider } from './isolation.js';
import { judgeDelivery, type ReceivedDelivery } from './webhook-deliveries.js';

export interface AccountSetup {
  /** Account A's id (known when the run made it with the operator token). */
  accountId?: string;
  /** Account B: another account's key on the same prefix. */
  other?: Outsider;
  /** A's own key of the other environment, on that environment's prefix. */
  otherEnvironment?: Outsider;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The first `name` field at any depth (Form 484 answers `{ response: { requestId } }`). */
function field(value: unknown, name: string): unknown {
  if (!value || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && name in value) return (value as Record<string, unknown>)[name];
  for (const item of Object.values(value)) {
    const found = field(item, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

function body(response: ApiResponse): Record<string, unknown> {
  try {
    const parsed = JSON.parse(response.bodyText) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

class Flow {
  readonly owned: OwnedRequest[] = [];
  readonly ownIds = new Set<string>();
  readonly created: { operation: OperationInfo; id: string }[] = [];
  /** The lists A read with rows, for the id-field checks (id-fields.ts). */
  readonly listed: ListedRows[] = [];

  constructor(readonly ctx: PhaseContext) {}

  op(id: string): OperationInfo | undefined {
    return this.ctx.operations.get(id);
  }

  /** The operation's first example request, with these path values and body. */
  parts(operation: OperationInfo, path: Record<string, unknown> = {}, value?: unknown): RequestParts {
    const base = exampleParts(this.ctx, operation)[0] ?? { path: {}, query: {}, header: {} };
    return { ...base, path: { ...base.path, ...path }, ...(value !== undefined ? { body: { kind: 'json', value } } : {}) };
  }

  /** Calls as A; a success is remembered (its ids, and the request when it addresses a resource). */
  async call(id: string, path: Record<string, unknown> = {}, value?: unknown): Promise<Evaluation | undefined> {
    const operation = this.op(id);
    if (!operation) return undefined;
    const parts = this.parts(operation, path, value);
    const evaluation = await this.ctx.session.evaluate(operation, parts, 'stateful');
    this.ctx.session.commit(evaluation);
    if (!isSuccess(evaluation.response.status)) {
      this.ctx.log(`  accounts: ${id} answered ${evaluation.response.status}`);
      return evaluation;
    }
    if (operation.method === 'get' && Array.isArray(body(evaluation.response).data))
      this.listed.push({ operation, path: parts.path, evaluation });
    if (Object.keys(parts.path).length > 0) this.owned.push({ operation, parts });
    // Every id field the document has (a simulated event's `monitoringEventId` too): a list that
    // shows another account any of them leaks A's rows.
    for (const found of idsIn(body(evaluation.response), documentIdFields(this.ctx.doc))) this.ownIds.add(found);
    return evaluation;
  }

  /**
   * A request on A's resource that the flow does not send as A (it would change or remove what later
   * steps need): only outsiders send it, and must get 404.
   */
  own(id: string, path: Record<string, unknown>): void {
    const operation = this.op(id);
    if (operation) this.owned.push({ operation, parts: this.parts(operation, path) });
  }

  /** Operator API request (absolute path on the server's origin); undefined without the token. */
  async admin(method: string, path: string, json?: unknown): Promise<ApiResponse | undefined> {
    const { session } = this.ctx;
    if (!session.adminToken) return undefined;
    return sendRequest(
      {
        operationId: 'operator',
        method,
        url: `${session.serverOrigin}${path}`,
        headers: { Authorization: `Bearer ${session.adminToken}`, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      },
      session.timeoutMs,
    );
  }

  /** Lets the worker catch up: a second on a manual clock, or a short real wait. */
  async settle(seconds = 1): Promise<void> {
    if (!(await this.ctx.session.advanceClock(seconds))) await sleep(seconds * 1000);
  }
}

async function lodgements(flow: Flow): Promise<number | undefined> {
  const abn = await flow.call('createAbnRegistration');
  const abnId = abn && isSuccess(abn.response.status) ? body(abn.response).requestId : undefined;
  if (abnId !== undefined) await flow.call('getLodgement', { requestId: abnId });
  const form = await flow.call('createForm484Lodgement');
  const formId = form && isSuccess(form.response.status) ? field(body(form.response), 'requestId') : undefined;
  if (formId !== undefined) await flow.call('getForm484Status', { requestId: formId });
  const application = await flow.call('createBusinessAccountApplication');
  const applicationId = application && isSuccess(application.response.status) ? body(application.response).requestId : undefined;
  if (applicationId !== undefined) await flow.call('getBusinessAccountStatus', { requestId: applicationId });
  return typeof abnId === 'number' ? abnId : undefined;
}

async function ppsr(flow: Flow): Promise<void> {
  const search = await flow.call('createPpsrSearch');
  const requestId = search && isSuccess(search.response.status) ? body(search.response).requestId : undefined;
  if (requestId === undefined) return;
  // Sandbox: the search completes when the worker takes it, each certificate a little later.
  for (let attempt = 0; attempt < 8; attempt++) {
    const read = await flow.call('getPpsrSearch', { requestId });
    const text = read?.response.bodyText ?? '';
    const number = /"certificateNumber":"([^"]+)"/.exec(text)?.[1];
    if (number) {
      await flow.settle(3);
      await flow.call('getPpsrCertificate', { requestId, certificateNumber: number });
      return;
    }
    await flow.settle(1);
  }
}

async function alert(flow: Flow): Promise<void> {
  const created = await flow.call('createPpsrAlert');
  const id = created ? body(created.response).id : undefined;
  const operation = flow.op('createPpsrAlert');
  if (!operation || typeof id !== 'string' || !created || !isSuccess(created.response.status)) return;
  flow.created.push({ operation, id });
  flow.own('deletePpsrAlert', { id });
}

async function monitoring(flow: Flow): Promise<void> {
  const order = await flow.call('createMonitoringEntities');
  const entities = order ? body(order.response).entities : undefined;
  const id = Array.isArray(entities) ? (entities[0] as { id?: unknown } | undefined)?.id : undefined;
  if (id === undefined) return;
  await flow.call('getMonitoringEntity', { id });
  const simulated = await flow.call('simulateMonitoringEvent', { id });
  await flow.call('listMonitoringEntityEvents', { id });
  const eventId = simulated ? body(simulated.response).monitoringEventId : undefined;
  if (eventId !== undefined) await flow.call('getMonitoringEvent', { id: eventId });
  await flow.call('listMonitoringEvents');
  await flow.call('stopMonitoringEntity', { id });
  await flow.call('resumeMonitoringEntity', { id });
  await flow.call('renewMonitoringEntities', {}, { ids: [id] });
}

/** Registers the built-in receiver for every event; answers the endpoint and its secret. */
async function endpoint(flow: Flow, baseUrl: string): Promise<{ id: string; secret: string } | undefined> {
  if (!usesReceiver(baseUrl)) return undefined;
  const created = await flow.call('createWebhookEndpoint', {}, { url: receiverUrl(baseUrl), eventTypes: ['*'] });
  const answer = created ? body(created.response) : {};
  if (typeof answer.id !== 'string' || typeof answer.secret !== 'string') return undefined;
  const operation = flow.op('createWebhookEndpoint');
  if (operation) flow.created.push({ operation, id: answer.id });
  for (const other of ['updateWebhookEndpoint', 'rotateWebhookEndpointSecret', 'deleteWebhookEndpoint']) flow.own(other, { id: answer.id });
  return { id: answer.id, secret: answer.secret };
}

async function receiverDeliveries(flow: Flow, accountId: string, endpointId: string): Promise<ReceivedDelivery[]> {
  const answer = await flow.admin('GET', `/admin/webhook-receiver/requests?accountId=${encodeURIComponent(accountId)}`);
  if (!answer || answer.status !== 200) return [];
  const data = (body(answer).data ?? []) as ReceivedDelivery[];
  return data.filter((delivery) => delivery.endpointId === endpointId);
}

/** The endpoint's delivery log, and its first delivery sent again (a key alone reaches both). */
async function resendOne(flow: Flow, endpointId: string): Promise<Evaluation | undefined> {
  const deliveries = await flow.call('listWebhookDeliveries', { id: endpointId });
  const data = deliveries ? body(deliveries.response).data : undefined;
  const deliveryId = Array.isArray(data) ? (data[0] as { deliveryId?: unknown } | undefined)?.deliveryId : undefined;
  if (deliveryId !== undefined) await flow.call('resendWebhookDelivery', { id: endpointId, deliveryId });
  return deliveries;
}

async function webhookChecks(
  ctx: PhaseContext,
  flow: Flow,
  setup: AccountSetup,
  hook: { id: string; secret: string },
  lodgementId?: number,
) {
  const operation = flow.op('createWebhookEndpoint');
  if (!operation || !setup.accountId) return;
  // A lodgement moved by the operator sends its status event (sandbox.md); simulate already sent one.
  if (lodgementId !== undefined) await flow.admin('POST', `/admin/lodgements/${lodgementId}/status`, { status: 'finished' });
  let received: ReceivedDelivery[] = [];
  for (let attempt = 0; attempt < 10 && received.length < 2; attempt++) {
    await flow.settle(1);
    received = await receiverDeliveries(flow, setup.accountId, hook.id);
  }
  const deliveries = await resendOne(flow, hook.id);
  const evidence = deliveries ?? (await flow.call('listWebhookEndpoints'));
  if (!evidence) return;
  if (received.length === 0) {
    ctx.session.skip('webhook_conformance', 'the built-in receiver got no delivery within 10 tries', operation.id);
    return;
  }
  for (const delivery of received)
    ctx.session.record(operation.id, judgeDelivery(ctx.doc, ctx.session.validators, delivery, hook.secret), evidence);
}

/**
 * What the command line does (D-78, D-79): a listen session, an event triggered for it, its attempt
 * collected (once the delivery job has held it: up to 10 tries, a second of service time apart) and
 * the local answer reported. Only this reaches `reportListenAttempt` with an attempt that exists.
 */
async function listenSession(flow: Flow): Promise<void> {
  const created = await flow.call('createListenSession', {}, { deviceName: 'svc-contract', eventTypes: ['*'] });
  const session = created && isSuccess(created.response.status) ? body(created.response) : {};
  if (typeof session.id !== 'string') return;
  const triggered = await flow.call('createTrigger', {}, { eventType: 'monitoring.change_detected' });
  if (!triggered || !isSuccess(triggered.response.status)) return;
  for (let attempt = 0; attempt < 10; attempt++) {
    const collected = await flow.call('collectListenDeliveries', { id: session.id });
    const data = collected ? body(collected.response).data : undefined;
    const attemptId = Array.isArray(data) ? (data[0] as { attemptId?: unknown } | undefined)?.attemptId : undefined;
    if (typeof attemptId === 'string') {
      await flow.call('reportListenAttempt', { id: session.id, attemptId }, { status: 200, durationMs: 1 });
      return;
    }
    await flow.settle(1);
  }
}

/** Rows of the collection's list (same path, GET), or charges of the account: what a replay must not change. */
function counterFor(flow: Flow, operation: OperationInfo, accountId?: string): EffectCounter | undefined {
  const list = [...flow.ctx.operations.values()].find((op) => op.method === 'get' && op.path === operation.path);
  if (list) {
    return async () => {
      const evaluation = await flow.ctx.session.probe(
        list,
        flow.ctx.session.request(list, { path: {}, query: { perPage: 100 }, header: {} }, 'secret'),
        'stateful',
        [],
      );
      const answer = body(evaluation.response);
      const meta = answer.meta as { total?: unknown } | undefined;
      return typeof meta?.total === 'number' ? meta.total : Array.isArray(answer.data) ? answer.data.length : undefined;
    };
  }
  if (!accountId) return undefined;
  return async () => {
    const answer = await flow.admin('GET', `/admin/accounts/${accountId}/charges`);
    const data = answer?.status === 200 ? body(answer).data : undefined;
    return Array.isArray(data) ? data.length : undefined;
  };
}

async function idempotency(ctx: PhaseContext, flow: Flow, setup: AccountSetup, hookId?: string): Promise<void> {
  for (const operation of ctx.operations.values()) {
    if (!takesIdempotencyKey(operation)) continue;
    const path = operation.path.includes('{id}') && hookId ? { id: hookId } : {};
    if (operation.path.includes('{') && Object.keys(path).length === 0) continue;
    const check = () => checkIdempotency(ctx, operation, flow.parts(operation, path), counterFor(flow, operation, setup.accountId));
    let first = await check();
    // Refused as a duplicate of what the flow made earlier (an alert on the same organisation): remove
    // the flow's and check again, so the operation's key handling is judged, not its duplicate rule.
    if (first?.response.status === 409 && (await removeMadeBy(ctx, flow, operation))) first = await check();
    const created = first ? body(first.response).id : undefined;
    if (first && operation.id === 'createWebhookEndpoint' && typeof created === 'string') flow.created.push({ operation, id: created });
  }
}

/** Deletes what the flow made with `operation`; true when there was something to delete. */
async function removeMadeBy(ctx: PhaseContext, flow: Flow, operation: OperationInfo): Promise<boolean> {
  const made = flow.created.filter((entry) => entry.operation.id === operation.id);
  const remover = [...ctx.operations.values()].find((op) => op.method === 'delete' && op.path === `${operation.path}/{id}`);
  if (made.length === 0 || !remover) return false;
  for (const { id } of made) ctx.session.commit(await ctx.session.evaluate(remover, { path: { id }, query: {}, header: {} }, 'stateful'));
  flow.created.splice(0, flow.created.length, ...flow.created.filter((entry) => !made.includes(entry)));
  return true;
}

async function cleanUp(ctx: PhaseContext, flow: Flow): Promise<void> {
  for (const { operation, id } of flow.created) {
    const remover = [...ctx.operations.values()].find((op) => op.method === 'delete' && op.path === `${operation.path}/{id}`);
    if (!remover) continue;
    ctx.session.commit(await ctx.session.evaluate(remover, { path: { id }, query: {}, header: {} }, 'stateful'));
  }
}

/** The whole cross-account pass; needs nothing but A's key (B's checks need B). */
export async function runAccountChecks(ctx: PhaseContext, setup: AccountSetup): Promise<void> {
  const flow = new Flow(ctx);
  const hook = await endpoint(flow, ctx.session.baseUrl);
  const lodgementId = await lodgements(flow);
  await ppsr(flow);
  await alert(flow);
  await monitoring(flow);
  // Its trigger also gives the endpoint a delivery: with a key alone, the one it can resend.
  await listenSession(flow);
  if (hook && setup.accountId) await webhookChecks(ctx, flow, setup, hook, lodgementId);
  else if (hook) await resendOne(flow, hook.id);
  await checkInvalidBodiesOnOwned(ctx, flow.owned);
  const outsiders = [setup.other, setup.otherEnvironment].filter((o): o is Outsider => o !== undefined);
  if (outsiders.length > 0) await checkForeignIds(ctx, flow.owned, outsiders);
  const lists = [...ctx.operations.values()].filter((op) => op.method === 'get' && !op.path.includes('{'));
  const read = setup.other ? await checkForeignLists(ctx, lists, flow.ownIds, setup.other) : [];
  const listedNow = read
    .filter((evaluation) => isSuccess(evaluation.response.status))
    .map((evaluation) => ({ operation: evaluation.operation, path: {}, evaluation }));
  if (outsiders.length > 0) await checkForeignIdFields(ctx, [...flow.listed, ...listedNow], outsiders);
  await idempotency(ctx, flow, setup, hook?.id);
  await cleanUp(ctx, flow);
}
