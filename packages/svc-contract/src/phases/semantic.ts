// Phase "semantic": rules the document states beside its schemas (x- extensions, see
// ../semantic/rules.ts), which a server can break while every answer still matches a schema:
// - success_status_rule: a valid request answers the 2xx the operation's rule names (a create 201,
//   not another documented 2xx);
// - date_zone: a date the document places in a zone and marks "today on create" is the service's
//   today there (by the service clock) in the answer that created it;
// - pagination_consistency: walking every page of a list yields exactly `total` items;
// - refinement_rejection: each body breaking a rule the schema cannot carry is refused with the
//   documented status and code.
import { freshHeaders, mixSeed, sampleOne, type PhaseContext } from '../context.js';
import { NOT_SENT, type Evaluation, type Judge } from '../session.js';
import { paginationProblems, readPage, type Page } from '../semantic/pagination.js';
import { errorCodes, semanticRules, type Pagination, type SuccessRule } from '../semantic/rules.js';
import type { SemanticSetup } from '../semantic/setup.js';
import { createdDateProblems, zonedDates } from '../semantic/zoned-dates.js';
import type { ApiResponse, CheckResult, OperationInfo, RequestParts } from '../types.js';

/** Pages a small list is cut into, so the walk crosses page boundaries whenever it has two items. */
const TARGET_PAGES = 6;
/** Most pages one walk asks for (2,000 items at the largest page size); a longer list is not walked. */
const MAX_PAGES = 20;
const LARGEST_PAGE = 100;

/** The operation's required parameters, from their examples (else generated), and no body. */
function baseParts(ctx: PhaseContext, operation: OperationInfo): RequestParts {
  const parts: RequestParts = { path: {}, query: {}, header: {} };
  for (const parameter of operation.parameters) {
    if (!parameter.required) continue;
    parts[parameter.in][parameter.name] =
      parameter.examples.length > 0
        ? parameter.examples[0]
        : sampleOne(ctx.arbitraries.valid(parameter.schemaPointer), mixSeed(ctx.seed, `semantic:${parameter.name}`));
  }
  return parts;
}

/** The phase's context: the run's and the semantic session (maybe another account's), and the clock. */
interface SemanticContext extends PhaseContext {
  semantic: SemanticSetup;
}

/** Sent on the semantic session; recorded, and counted, in the run's. */
async function send(ctx: SemanticContext, operation: OperationInfo, parts: RequestParts, judges: Judge[]): Promise<Evaluation> {
  const own = ctx.semantic.session;
  const before = own.requests;
  const request = own.request(operation, freshHeaders(ctx, operation, parts), 'secret');
  const evaluation = await own.probe(operation, request, 'semantic', judges);
  if (own !== ctx.session && evaluation.response.status !== NOT_SENT) {
    ctx.session.requests += own.requests - before;
    const answer = own.lastAnswers.get(operation.id);
    if (answer) ctx.session.lastAnswers.set(operation.id, answer);
    const seen = ctx.session.statuses.get(operation.id) ?? new Map<number, number>();
    ctx.session.statuses.set(operation.id, seen);
    seen.set(evaluation.response.status, (seen.get(evaluation.response.status) ?? 0) + 1);
  }
  ctx.session.commit(evaluation);
  return evaluation;
}

/**
 * `fresh`: the operation's first create in the phase's own account, so the answer may not be the
 * repeat's status: a server answering a new resource as a duplicate (200 for 201) fails here. Later
 * examples may repeat the first's key (another application for the same ABN is its duplicate), and
 * on a shared account the other phases may have sent the same example first.
 */
function successJudge(rule: SuccessRule, exampleName: string, fresh: boolean): Judge {
  const expected = rule.byExample?.[exampleName] ?? rule.status;
  const allowed = [expected, fresh ? undefined : rule.repeat, rule.processing].filter((status): status is number => status !== undefined);
  return (response: ApiResponse): CheckResult | undefined => {
    if (response.status < 200 || response.status >= 300) return undefined;
    return allowed.includes(response.status)
      ? { check: 'success_status_rule', status: 'pass' }
      : {
          check: 'success_status_rule',
          status: 'fail',
          message: `request example "${exampleName}" answered ${response.status}; the operation's rule (x-success-status) says ${allowed.join(' or ')}`,
        };
  };
}

function dateJudge(ctx: PhaseContext, operation: OperationInfo, readings: Date[]): Judge {
  return (response) => {
    if (response.status !== 201 || readings.length === 0) return undefined;
    const content = operation.responses['201']?.content.find((media) => media.mediaType === 'application/json');
    if (!content?.schemaPointer) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(response.bodyText);
    } catch {
      return undefined;
    }
    const dates = zonedDates(ctx.doc, content.schemaPointer, body).filter((date) => date.today === 'on-create');
    if (dates.length === 0) return undefined;
    const problems = createdDateProblems(dates, readings);
    return problems.length === 0
      ? { check: 'date_zone', status: 'pass' }
      : { check: 'date_zone', status: 'fail', message: problems.join('; ') };
  };
}

/** Each named body example, sent fresh: its 2xx must be the rule's, its created dates today in their zone. */
async function checkSuccess(ctx: SemanticContext, operation: OperationInfo, rule: SuccessRule): Promise<void> {
  const { clock } = ctx.semantic;
  const { bodyExamples } = semanticRules(ctx.doc, operation);
  let fresh = ctx.semantic.session !== ctx.session;
  for (const example of bodyExamples) {
    const parts: RequestParts = { ...baseParts(ctx, operation), body: { kind: 'json', value: example.value } };
    if (!ctx.session.validators.classify(operation, parts).valid) continue;
    const before = await clock.now();
    const evaluation = await send(ctx, operation, parts, [successJudge(rule, example.name, fresh)]);
    fresh = false;
    // The clock is read on both sides of the request: the day may turn between them.
    const after = await clock.now(evaluation.response);
    const readings = [before, after].filter((at): at is Date => at !== undefined);
    const judged = dateJudge(ctx, operation, readings)(evaluation.response);
    if (judged) ctx.session.record(operation.id, judged, evaluation);
  }
}

async function page(
  ctx: SemanticContext,
  operation: OperationInfo,
  rule: Pagination,
  number: number,
  perPage: number,
): Promise<Page | undefined> {
  const base = baseParts(ctx, operation);
  const parts = { ...base, query: { ...base.query, [rule.pageParam]: number, [rule.perPageParam]: perPage } };
  const evaluation = await send(ctx, operation, parts, []);
  return evaluation.response.status === 200 ? readPage(evaluation.response.bodyText, rule.items, rule.meta) : undefined;
}

async function checkPagination(ctx: SemanticContext, operation: OperationInfo, rule: Pagination): Promise<void> {
  const probe = await page(ctx, operation, rule, 1, LARGEST_PAGE);
  const total = probe?.meta.total;
  if (!probe || typeof total !== 'number') return;
  const perPage = Math.min(LARGEST_PAGE, Math.max(1, Math.ceil(total / TARGET_PAGES)));
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (lastPage > MAX_PAGES) {
    ctx.log(`  note: ${operation.id} lists ${total} items, more than ${MAX_PAGES} pages of ${perPage}: pagination not walked`);
    return;
  }
  const pages: Page[] = [];
  for (let number = 1; number <= lastPage; number++) {
    const found = await page(ctx, operation, rule, number, perPage);
    if (!found) return;
    pages.push(found);
  }
  const base = baseParts(ctx, operation);
  const afterParts = { ...base, query: { ...base.query, [rule.pageParam]: lastPage + 1, [rule.perPageParam]: perPage } };
  const evidence = await send(ctx, operation, afterParts, []);
  const after = evidence.response.status === 200 ? readPage(evidence.response.bodyText, rule.items, rule.meta) : undefined;
  const problems = paginationProblems(pages, after, perPage);
  ctx.session.record(
    operation.id,
    problems.length === 0
      ? { check: 'pagination_consistency', status: 'pass' }
      : { check: 'pagination_consistency', status: 'fail', message: `${perPage} a page: ${problems.join('; ')}` },
    evidence,
  );
}

async function checkRefinements(ctx: SemanticContext, operation: OperationInfo): Promise<void> {
  for (const example of semanticRules(ctx.doc, operation).refinements) {
    const parts: RequestParts = { ...baseParts(ctx, operation), body: { kind: 'json', value: example.body } };
    await send(ctx, operation, parts, [
      (response) => {
        const codes = errorCodes(response.bodyText);
        return response.status === example.status && codes.includes(example.code)
          ? { check: 'refinement_rejection', status: 'pass' }
          : {
              check: 'refinement_rejection',
              status: 'fail',
              message: `rule ${example.rule} ("${example.summary}"): expected ${example.status} with code ${example.code}, got ${response.status}${codes.length > 0 ? ` with ${codes.join(', ')}` : ''}`,
            };
      },
    ]);
  }
}

export async function runSemantic(phase: PhaseContext, operation: OperationInfo, semantic: SemanticSetup): Promise<void> {
  const ctx: SemanticContext = { ...phase, semantic };
  const rules = semanticRules(ctx.doc, operation);
  if (rules.success && operation.body) await checkSuccess(ctx, operation, rules.success);
  if (rules.pagination && operation.method === 'get') await checkPagination(ctx, operation, rules.pagination);
  if (rules.refinements.length > 0) await checkRefinements(ctx, operation);
}
