// The planted server bugs (mutants) `npm run contract:mutants` measures the contract runner with.
// Each is one realistic bug in server/, written as exact text edits of one file: the document stays
// right, the server goes wrong, and the runner should report a failure. A search text that no longer
// matches exactly once fails the suite loudly (edit.ts), so this list cannot rot silently when the
// server changes: fix the text, never drop the mutant.
//
// `kind` says what it takes to see the bug: `schema`, an answer the document's schemas and status
// lists already refuse (any schema-checking runner catches it); `semantic`, an answer that is valid
// JSON Schema-wise but breaks a rule the document states in words, which only a check of that rule
// catches. `catchBy` names the check that should report it. `operations` are where it shows
// (`--focus` runs the runner on those only).

export type MutantKind = 'schema' | 'semantic';

export interface MutantEdit {
  /** Exact text, found exactly once in the file. */
  search: string;
  replace: string;
}

export interface Mutant {
  id: string;
  kind: MutantKind;
  /** The bug in a few words. */
  title: string;
  /** Relative to the repository's root. */
  file: string;
  edits: MutantEdit[];
  /** What a partner coding against the document suffers when the server has this bug. */
  partner: string;
  /** The runner check that should report it. */
  catchBy: string;
  operations: string[];
  /**
   * Its check runs only when the runner is given the whole document: the cross-account, idempotency
   * and webhook pass creates one resource of every kind first. `--focus` does not narrow such a mutant.
   */
  wholeRun?: boolean;
}

export const MUTANTS: readonly Mutant[] = [
  {
    id: 'create-200-not-201',
    kind: 'semantic',
    title: 'a new business account application answers 200 (the duplicate status) instead of 201',
    file: 'server/routes/business-accounts.ts',
    edits: [
      {
        search: "return created ? { status: 201, body: { requestId, status: 'new' } }",
        replace: "return created ? { status: 200, body: { requestId, status: 'new' } }",
      },
    ],
    partner: 'code that tells a new application from a duplicate by 201 versus 200 (D-17) files every new one as a duplicate',
    catchBy: 'success_status_rule',
    operations: ['createBusinessAccountApplication'],
  },
  {
    id: 'error-code-renamed',
    kind: 'semantic',
    title: 'the API error family answers `missing` instead of `not_found`',
    file: 'server/http/error-mappers.ts',
    edits: [{ search: '      error: error.code,\n', replace: "      error: error.code === 'not_found' ? 'missing' : error.code,\n" }],
    partner: 'a switch on `error` that handles `not_found` falls to its default: a 404 is treated as an unknown failure',
    catchBy: 'response_schema_conformance',
    operations: ['getLodgement', 'getMonitoringEntity', 'deletePpsrAlert'],
  },
  {
    id: 'foreign-id-403',
    kind: 'semantic',
    title: "another account's id answers 403 instead of 404",
    file: 'server/domain/owned.ts',
    edits: [
      { search: "import { NotFoundError } from './errors.js';", replace: "import { DomainError, NotFoundError } from './errors.js';" },
      {
        search: [
          '      .where(',
          '        and(',
          "          eq(idColumn, sql.placeholder('id')),",
          "          ownedBy(table, { accountId: sql.placeholder('accountId'), environment: sql.placeholder('environment') }),",
          '        ),',
          '      )',
          '',
        ].join('\n'),
        replace: "      .where(eq(idColumn, sql.placeholder('id')))\n",
      },
      {
        search: '  if (!row) throw new NotFoundError(what);\n  return row',
        replace: [
          '  if (!row) throw new NotFoundError(what);',
          '  const owner = row as { accountId: string; environment: string };',
          '  if (owner.accountId !== scope.accountId || owner.environment !== scope.environment)',
          "    throw new DomainError('forbidden', `This ${what} belongs to another account.`);",
          '  return row',
        ].join('\n'),
      },
    ],
    partner: "ids of other accounts' lodgements and searches can be probed: 403 says the id exists",
    catchBy: 'account_isolation',
    wholeRun: true,
    operations: ['getLodgement', 'getPpsrSearch', 'getBusinessAccountStatus'],
  },
  {
    id: 'list-leaks-accounts',
    kind: 'semantic',
    title: "the PPSR alert list drops its account filter (every account's alerts of the environment)",
    file: 'server/domain/ppsr/alerts.ts',
    edits: [
      { search: '    .where(and(ownedBy(ppsrAlerts, scope)))\n', replace: '    .where(eq(ppsrAlerts.environment, scope.environment))\n' },
    ],
    partner: "one partner's alert subscriptions (grantors, serial numbers) are shown to every other partner",
    catchBy: 'account_isolation',
    wholeRun: true,
    operations: ['listPpsrAlerts', 'createPpsrAlert'],
  },
  {
    id: 'idempotency-not-replayed',
    kind: 'semantic',
    title: 'a finished Idempotency-Key is never replayed: the operation runs again',
    file: 'server/http/idempotency.ts',
    edits: [
      {
        search: '          return replayOf(deps, request, existing);\n',
        replace: '          // the stored answer is not replayed: the request runs again under the same key\n',
      },
    ],
    partner: 'a retry after a timeout creates a second lodgement, search or endpoint, and pays twice',
    catchBy: 'idempotent_replay',
    wholeRun: true,
    operations: ['createWebhookEndpoint', 'createPpsrAlert', 'createForm484Lodgement'],
  },
  {
    id: 'total-counts-page',
    kind: 'semantic',
    title: 'the industry list counts only the page in `meta.total`',
    file: 'server/domain/helpers/industries.ts',
    edits: [
      {
        search: '    meta: pageMeta(window, found.length),\n',
        replace: '    meta: pageMeta(window, Math.min(window.perPage, Math.max(0, found.length - window.offset))),\n',
      },
    ],
    partner: 'a pager built on `total` and `lastPage` shows one page and never fetches the rest',
    catchBy: 'pagination_consistency',
    operations: ['listIndustries'],
  },
  {
    id: 'refinement-dropped',
    kind: 'semantic',
    title: 'the business account rule "the primary director is a listed director" is not applied',
    file: 'server/domain/business-accounts/validation.ts',
    edits: [
      {
        search: '    Object.assign(out, validateBusinessAccountRules(minimal({ primaryDirector, directorsContacts: listed }, [])));\n',
        replace: '    validateBusinessAccountRules(minimal({ primaryDirector, directorsContacts: listed }, []));\n',
      },
    ],
    partner: 'an application whose primary director is nobody listed is accepted, then fails at the bank days later',
    catchBy: 'refinement_rejection',
    operations: ['createBusinessAccountApplication'],
  },
  {
    id: 'webhook-wrong-key',
    kind: 'semantic',
    title: "deliveries are signed with the endpoint's sealed secret, not the secret the partner holds",
    file: 'server/delivery/delivery.ts',
    edits: [
      {
        search: '    secret: await signingSecretOf(deps, endpoint),\n',
        replace: "    secret: endpoint.secretSealed ?? endpoint.secret ?? '',\n",
      },
    ],
    partner: 'every delivery fails signature verification: the partner drops every event',
    catchBy: 'webhook_conformance',
    wholeRun: true,
    operations: ['createWebhookEndpoint', 'rotateWebhookEndpointSecret', 'resendWebhookDelivery', 'simulateMonitoringEvent'],
  },
  {
    id: 'brisbane-date-in-utc',
    kind: 'semantic',
    title: "monitoring's today is the UTC date, not the Brisbane one",
    file: 'server/domain/monitoring/dates.ts',
    edits: [{ search: '  return brisbaneDate(now);\n', replace: '  return now.toISOString().slice(0, 10);\n' }],
    partner: 'terms start and expire a day early in the morning hours of Brisbane; `daysLeft` is one off',
    catchBy: 'date_zone',
    operations: ['createMonitoringEntities', 'getMonitoringEntity', 'listMonitoringEntities'],
  },
  {
    id: 'required-field-dropped',
    kind: 'schema',
    title: 'webhook endpoints are answered without `updatedAt`',
    file: 'server/domain/webhooks/endpoints.ts',
    edits: [{ search: '    updatedAt: row.updatedAt.toISOString(),\n', replace: '' }],
    partner: 'a typed client that requires `updatedAt` fails to parse every endpoint',
    catchBy: 'response_schema_conformance',
    operations: ['createWebhookEndpoint', 'listWebhookEndpoints', 'updateWebhookEndpoint'],
  },
  {
    id: 'field-wrong-type',
    kind: 'schema',
    title: '`consecutiveFailures` is answered as a string',
    file: 'server/domain/webhooks/endpoints.ts',
    edits: [
      {
        search: '    consecutiveFailures: row.consecutiveFailures,\n',
        replace: '    consecutiveFailures: String(row.consecutiveFailures),\n',
      },
    ],
    partner: '`consecutiveFailures > 3` compares text: "10" > "3" is false, so a failing endpoint looks healthy',
    catchBy: 'response_schema_conformance',
    operations: ['createWebhookEndpoint', 'listWebhookEndpoints', 'updateWebhookEndpoint'],
  },
  {
    id: 'server-error-on-query',
    kind: 'schema',
    title: 'the industry search builds a regular expression from the query unescaped: 500 on `(`, `[`, `*`, `+`, `?`',
    file: 'server/domain/helpers/industries.ts',
    edits: [
      {
        search: '  if (entry.code.startsWith(code)) return RANK.codePrefix;\n',
        replace: '  if (new RegExp(`^${code}`).test(entry.code)) return RANK.codePrefix;\n',
      },
    ],
    partner: 'a search box that lets a user type "(retail" answers 500: retried as transient, then shown as an outage',
    catchBy: 'not_a_server_error',
    operations: ['listIndustries'],
  },
  {
    id: 'invalid-body-accepted',
    kind: 'schema',
    title: 'a PATCH body is not checked against its schema ("partial updates"): unknown fields and wrong types pass',
    file: 'server/http/request-check.ts',
    edits: [
      {
        search: '  const structural = validation.errors;\n',
        replace: [
          "  const partial = check.method.toLowerCase() === 'patch';",
          "  const structural = validation.errors.filter((e) => !(partial && e.instancePath.startsWith('/requestBody')));",
          '',
        ].join('\n'),
      },
      {
        search:
          "refined.body && refined.body.schema === own?.body ? refined.body.data : parseTyped(own?.body, request.body, 'body', typedProblems),",
        replace:
          "refined.body && refined.body.schema === own?.body ? refined.body.data : partial ? request.body : parseTyped(own?.body, request.body, 'body', typedProblems),",
      },
    ],
    partner: 'a misspelt field on an update (`eventType` for `eventTypes`, `enable`) is ignored with a 200 instead of answered 422',
    // The runner sends its negative bodies with the example's id, which does not exist: the mutant
    // answers those 404, and a 404 counts as refused.
    catchBy: 'negative_data_rejection',
    wholeRun: true,
    operations: ['updateWebhookEndpoint', 'createWebhookEndpoint'],
  },
  {
    id: 'undocumented-status',
    kind: 'schema',
    title: 'deleting a PPSR alert answers 200 with a body instead of the documented 204',
    file: 'server/routes/ppsr.ts',
    edits: [{ search: '    return { status: 204 };\n', replace: '    return { status: 200, body: { id: params.id, deleted: true } };\n' }],
    partner: 'an SDK that expects 204 reports an unexpected status for every successful delete',
    catchBy: 'status_code_conformance',
    operations: ['deletePpsrAlert', 'createPpsrAlert'],
  },
  {
    id: 'required-header-missing',
    kind: 'schema',
    title: 'a created PPSR search is answered without its `Location` header',
    file: 'server/routes/ppsr.ts',
    edits: [
      {
        search: '    return { status: 201, body: created, headers: { Location: location } };\n',
        replace: '    return { status: 201, body: created };\n',
      },
    ],
    partner: 'a client that follows `Location` to poll the search has nowhere to go',
    catchBy: 'response_headers_conformance',
    operations: ['createPpsrSearch'],
  },
  {
    id: 'wrong-content-type',
    kind: 'schema',
    title: 'company name availability is sent as text/plain (JSON text, hand-written answer)',
    file: 'server/routes/helpers.ts',
    edits: [
      {
        search: '    return { status: 200, body };\n  },\n  listIndustries:',
        replace:
          "    return { status: 200, raw: { contentType: 'text/plain; charset=utf-8', data: Buffer.from(JSON.stringify(body)) } };\n  },\n  listIndustries:",
      },
    ],
    partner: 'a client that parses by Content-Type (fetch wrappers, the SDK) gets a string, not the availability',
    catchBy: 'content_type_conformance',
    operations: ['getCompanyNameAvailability'],
  },
  // The partner phase's checks (D-77): each runs once per whole run, so every one is `wholeRun`.
  {
    id: 'v1-no-deprecation',
    kind: 'semantic',
    title: 'V1 answers without the `Deprecation` header',
    file: 'server/app.ts',
    edits: [{ search: "        res.setHeader('Deprecation', 'true');\n", replace: '' }],
    partner: 'an integration still on V1 that watches for `Deprecation` never learns it must move to V2',
    catchBy: 'v1_deprecation',
    wholeRun: true,
    operations: ['listIndustries'],
  },
  {
    id: 'rate-limit-remaining-stuck',
    kind: 'semantic',
    title: '`RateLimit-Remaining` answers the limit, never falling',
    file: 'server/http/rate-limit.ts',
    edits: [
      {
        search: "    'RateLimit-Remaining': String(tightest?.remaining ?? 0),",
        replace: "    'RateLimit-Remaining': String(tightest?.limit ?? 0),",
      },
    ],
    partner: 'a client pacing itself by the header runs into 429s it was told would not come',
    catchBy: 'rate_limit_remaining',
    wholeRun: true,
    operations: ['listIndustries'],
  },
  {
    id: 'since-id-inclusive',
    kind: 'semantic',
    title: '`since=<event id>` includes that event',
    file: 'server/domain/monitoring/reads.ts',
    edits: [
      {
        search: 'conditions.push(gt(monitoringEvents.id, Number(input.since)))',
        replace: 'conditions.push(gte(monitoringEvents.id, Number(input.since)))',
      },
    ],
    partner: 'a catch-up that stores the last event id processes that event again on every run',
    catchBy: 'cursor_consistency',
    wholeRun: true,
    operations: ['listMonitoringEvents'],
  },
  {
    id: 'days-remaining-inclusive',
    kind: 'semantic',
    title: '`daysRemaining` counts the expiry day too',
    file: 'server/domain/monitoring/dates.ts',
    edits: [
      {
        search: '  return Math.max(0, daysBetween(today(now), expiresAt));',
        replace: '  return Math.max(0, daysBetween(today(now), expiresAt) + 1);',
      },
    ],
    partner: 'renewal reminders keyed on `daysRemaining` fire a day late; a term shown as one day left has none',
    catchBy: 'term_dates',
    wholeRun: true,
    operations: ['getMonitoringEntity'],
  },
  {
    id: 'form484-today-utc',
    kind: 'semantic',
    title: "Form 484's today is the UTC date, not the Brisbane one",
    file: 'server/domain/form484/validation.ts',
    edits: [
      {
        search: 'checkForm484(body, { today: brisbaneDate(now) })',
        replace: 'checkForm484(body, { today: now.toISOString().slice(0, 10) })',
      },
    ],
    partner: 'a form signed today is refused as signed in the future from 10 am to midnight Brisbane time',
    catchBy: 'zoned_day_boundary',
    wholeRun: true,
    operations: ['createForm484Lodgement'],
  },
  {
    id: 'disable-after-21',
    kind: 'semantic',
    title: 'an endpoint is disabled after 21 failed attempts in a row, not 20',
    file: 'server/delivery/failures.ts',
    edits: [
      {
        search: '  if (!counted || counted.failures < AUTO_DISABLE_AFTER_FAILURES) return false;',
        replace: '  if (!counted || counted.failures <= AUTO_DISABLE_AFTER_FAILURES) return false;',
      },
    ],
    partner: 'a receiver that is down gets one more delivery than documented before the owner is told',
    catchBy: 'retry_schedule',
    wholeRun: true,
    operations: ['createWebhookEndpoint', 'listWebhookDeliveries'],
  },
  {
    id: 'test-search-charged',
    kind: 'semantic',
    title: 'a PPSR search with a test key is charged the live fee',
    file: 'server/domain/ppsr/billing.ts',
    edits: [{ search: "  return environment !== 'test';", replace: '  return true;' }],
    partner: 'every CI run against the sandbox bills the partner 6.00 a search',
    catchBy: 'ledger_charges',
    wholeRun: true,
    operations: ['createPpsrSearch'],
  },
  {
    id: 'events-list-leaks-accounts',
    kind: 'semantic',
    title: "the monitoring events list shows every account's events",
    file: 'server/domain/monitoring/reads.ts',
    edits: [{ search: '  const conditions: SQL[] = [eventScope(scopeOf(ctx.caller))];', replace: '  const conditions: SQL[] = [];' }],
    partner:
      "another account's register changes reach the partner's catch-up job (its rows carry `monitoringEventId` and `entityId`, no `id`)",
    catchBy: 'account_isolation',
    wholeRun: true,
    operations: ['listMonitoringEvents'],
  },
];
