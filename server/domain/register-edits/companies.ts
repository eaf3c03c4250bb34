// Operator verbs over the simulated ASIC register (sandbox.md "Operator API", `/admin/register/...`):
// create or replace a company, change one, lodge a document, publish an insolvency notice. Each write
// lands in the database, so the next register check in any process sees it.
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type {
  CreateCompanyDocumentRequest,
  CreateInsolvencyNoticeRequest,
  UpdateCompanyRequest,
  UpsertCompanyRequest,
} from '../../../schemas/admin/register/index.js';
import type { AppDeps } from '../../deps.js';
import type { CompanyRecord } from '../../registers/asic/company-register.js';
import type { CompanyDocumentRecord } from '../../registers/asic/documents.js';
import type { InsolvencyNoticeRecord } from '../../registers/insolvency/notices.js';
import { simulatedRegistersOf } from '../../registers/index.js';
import { DomainError, ValidationError } from '../errors.js';
import { callerText } from '../../../schemas/common/caller-text.js';
import type { VerbArgs } from '../verb.js';
import { changeRecord, registerNotFound, replaceRecord, type EditedRegister } from './record-changes.js';
import { companyFromOverride } from '../../registers/asic/company-overrides.js';
import { refuseMagicValue } from './magic-values.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface CompanyView extends CompanyRecord {
  updatedAt: string;
}

function companyView(record: CompanyRecord, at: Date): CompanyView {
  return { ...record, updatedAt: at.toISOString() };
}

/** ASIC's register as an edit sees it: the company it answers today, and the override store. */
function editedCompanies(deps: Deps): EditedRegister<CompanyRecord> {
  const registers = simulatedRegistersOf(deps.db);
  return { current: (acn) => registers.companies.findByAcn(acn), save: (record, at) => registers.companyOverrides.save(record, at) };
}

/** GST registration belongs to an ABN (checked on the whole record, so a change cannot leave it without one). */
function checkGstHasAbn(record: CompanyRecord): void {
  if (record.gstRegistered && !record.abn)
    throw new ValidationError({ gstRegistered: [{ code: 'abn_required', message: 'GST registration needs an ABN.' }] });
}

/** Replaces the company whole; fields left out take the stored row's defaults (the one reader of `register_companies`). */
export async function upsertCompany({
  ctx: deps,
  input,
}: VerbArgs<Deps, z.infer<typeof UpsertCompanyRequest>>): Promise<{ created: boolean; company: CompanyView }> {
  refuseMagicValue('ACN', input.acn);
  const record = companyFromOverride(input.acn, input);
  const now = deps.clock.now();
  const created = await replaceRecord(editedCompanies(deps), input.acn, record, now);
  return { created, company: companyView(record, now) };
}

/** Changes the fields sent of a company the register knows (fixture, generated or stored). */
export async function updateCompany({
  ctx: deps,
  input: { acn, changes },
}: VerbArgs<Deps, { acn: string; changes: z.infer<typeof UpdateCompanyRequest> }>): Promise<CompanyView> {
  refuseMagicValue('ACN', acn);
  const now = deps.clock.now();
  const record = await changeRecord(editedCompanies(deps), { key: acn, what: 'company', changes, at: now, check: checkGstHasAbn });
  return companyView(record, now);
}

export interface DocumentView {
  acn: string;
  documentType: string;
  documentNumber: string;
  description: string;
  lodgedAt: string;
}

/** The register's row without its sequence id (a register check's cursor, not the caller's). */
function documentView({ id: _id, lodgedAt, ...document }: CompanyDocumentRecord): DocumentView {
  return { ...document, lodgedAt: lodgedAt.toISOString() };
}

/** An ASIC document number as D-35 shapes them: a digit, three letters, five digits (`7EAA12345`). */
function newDocumentNumber(): string {
  const letter = () => String.fromCharCode(65 + randomInt(26));
  const digit = () => String(randomInt(10));
  return `${digit()}${letter()}${letter()}${letter()}${Array.from({ length: 5 }, digit).join('')}`;
}

export async function createCompanyDocument({
  ctx: deps,
  input: { acn, document: input },
}: VerbArgs<Deps, { acn: string; document: z.infer<typeof CreateCompanyDocumentRequest> }>): Promise<DocumentView> {
  const registers = simulatedRegistersOf(deps.db);
  if (!(await registers.companies.findByAcn(acn))) throw registerNotFound('company');
  const now = deps.clock.now();
  const lodgedAt = input.lodgedAt ? new Date(input.lodgedAt) : now;
  // A generated number that happens to be taken is drawn again; a number the caller chose is refused.
  for (let attempt = 0; attempt < 5; attempt++) {
    const documentNumber = input.documentNumber ?? newDocumentNumber();
    const stored = await registers.documents.add(
      { acn, documentType: input.documentType, documentNumber, description: input.description, lodgedAt },
      now,
    );
    if (stored) return documentView(stored);
    if (input.documentNumber) throw new DomainError('duplicate_document', `Document ${callerText(documentNumber)} already exists.`);
  }
  throw new Error('could not draw a free document number');
}

export interface NoticeView {
  acn: string;
  noticeUrl: string;
  appointmentDate: string;
  description: string;
  publishedAt: string;
}

/** The register's row without its sequence id (a register check's cursor, not the caller's). */
function noticeView({ id: _id, publishedAt, ...notice }: InsolvencyNoticeRecord): NoticeView {
  return { ...notice, publishedAt: publishedAt.toISOString() };
}

/** Publishes a notice; the same URL again is a reissue and a new notice (spec 6.2). */
export async function createInsolvencyNotice({
  ctx: deps,
  input: { acn, notice: input },
}: VerbArgs<Deps, { acn: string; notice: z.infer<typeof CreateInsolvencyNoticeRequest> }>): Promise<NoticeView> {
  const registers = simulatedRegistersOf(deps.db);
  if (!(await registers.companies.findByAcn(acn))) throw registerNotFound('company');
  const notice = await registers.insolvency.publish({ acn, ...input, publishedAt: deps.clock.now() });
  return noticeView(notice);
}
