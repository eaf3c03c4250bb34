// Form 484 lodgement records (spec 2.5, D-35): created by a lodgement, read by the owning account in
// the environment it was lodged in. No HTTP here.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Database } from '../../store/db.js';
import { perHandle } from '../../store/per-handle.js';
import type { Environment } from '../../ids.js';
import { form484Lodgements } from '../../store/schema/index.js';
import type { Form484StatusValue } from '../../../schemas/form484/index.js';
import { NotFoundError } from '../errors.js';
import type { Caller } from '../caller.js';
import type { Form484Row } from '../../store/schema/form484.js';
import type { VerbArgs } from '../verb.js';

/**
 * The 9-character regulator document number (D-35, like `7EAA12345`), assigned at lodgement: `7E`,
 * two letters and five digits counted from the request id, so each lodgement has its own.
 */
export function documentNumberOf(requestId: number): string {
  const digits = String(requestId % 100_000).padStart(5, '0');
  const block = Math.floor(requestId / 100_000);
  const letter = (n: number): string => String.fromCharCode(65 + (n % 26));
  return `7E${letter(Math.floor(block / 26))}${letter(block)}${digits}`;
}

/** Where a caller may read lodgements: its account, in these environments. */
export interface Form484ReadScope {
  accountId: string;
  environments: readonly Environment[];
}

/**
 * A V2 caller's read, in its one environment: partners poll it until the lodgement settles, so it is
 * prepared once per database handle (like server/domain/owned.ts). A V1 caller's two environments
 * (D-40) take the query built at each call.
 */
const inOneEnvironmentOf = perHandle((db: Database) =>
  db
    .select()
    .from(form484Lodgements)
    .where(
      and(
        eq(form484Lodgements.requestId, sql.placeholder('requestId')),
        eq(form484Lodgements.accountId, sql.placeholder('accountId')),
        eq(form484Lodgements.environment, sql.placeholder('environment')),
      ),
    )
    .limit(1)
    .prepare('form484_by_request_id'),
);

/** Another account's or environment's lodgement is indistinguishable from a missing one (404). */
export async function getForm484(deps: Pick<AppDeps, 'db'>, scope: Form484ReadScope, requestId: number): Promise<Form484Row> {
  // An id past bigint range would make the database throw (a 500); it cannot exist, so it is a 404.
  if (!Number.isSafeInteger(requestId)) throw new NotFoundError('Form 484 lodgement');
  const [only, ...more] = scope.environments;
  const [row] =
    only !== undefined && more.length === 0
      ? await inOneEnvironmentOf(deps.db).execute({ requestId, accountId: scope.accountId, environment: only })
      : await deps.db
          .select()
          .from(form484Lodgements)
          .where(
            and(
              eq(form484Lodgements.requestId, requestId),
              eq(form484Lodgements.accountId, scope.accountId),
              inArray(form484Lodgements.environment, [...scope.environments]),
            ),
          )
          .limit(1);
  if (!row) throw new NotFoundError('Form 484 lodgement');
  return row;
}

export interface Form484StatusView {
  requestId: number;
  status: Form484StatusValue;
  documentNumber: string;
  documentUrl: string;
  info: { companyName: string; acn: string };
}

/** `documentBase` is the service's own address (`http://host:port`), where documents are served. */
export function documentUrlOf(row: Form484Row, documentBase: string): string {
  return row.status === 'finished' && row.documentToken ? `${documentBase}/documents/${row.documentToken}.pdf` : '';
}

export function form484StatusView(row: Form484Row, documentBase: string): Form484StatusView {
  return {
    requestId: row.requestId,
    status: row.status as Form484StatusValue,
    documentNumber: documentNumberOf(row.requestId),
    documentUrl: documentUrlOf(row, documentBase),
    info: { companyName: row.companyName, acn: row.acn },
  };
}

export async function findByDocumentToken(deps: Pick<AppDeps, 'db'>, token: string): Promise<Form484Row | undefined> {
  const [row] = await deps.db.select().from(form484Lodgements).where(eq(form484Lodgements.documentToken, token)).limit(1);
  return row?.status === 'finished' ? row : undefined;
}

/** V1 callers on the live prefix also lodge to the test environment (D-40), so they read both. */
export function form484ReadScope(caller: Pick<Caller, 'account' | 'environment' | 'version'>): Form484ReadScope {
  const environments: Environment[] = caller.version === 'v1' ? [caller.environment, 'test'] : [caller.environment];
  return { accountId: caller.account.id, environments: [...new Set(environments)] };
}

/** The create answer's `response` (spec 2.5): `documentUrl` is empty until the lodgement is finished. */
export interface Form484Lodged {
  requestId: number;
  documentNumber: string;
  documentUrl: '';
}

/**
 * GET /asic-484-forms/{requestId}/status: the caller's own lodgement, or 404. `documentBase` is the
 * service address the request came in at, where a finished lodgement's document is served.
 */
export async function form484Status({
  ctx,
  input,
}: VerbArgs<
  Pick<AppDeps, 'db'> & { caller: Pick<Caller, 'account' | 'environment' | 'version'> },
  { requestId: number; documentBase: string }
>): Promise<Form484StatusView> {
  const row = await getForm484(ctx, form484ReadScope(ctx.caller), input.requestId);
  return form484StatusView(row, input.documentBase);
}
