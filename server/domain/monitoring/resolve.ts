// Looks the rows of an order up on the registers (spec 4.5, 7; sandbox.md "Companies and ABNs"): a
// company is keyed on its ACN, an ABN belonging to a company is stored against the company, both
// numbers must agree, registered / strike-off / external-administration companies and active ABNs
// are accepted. Every row is looked up before anything is decided, and every problem of every row
// is reported under `entities.<index>`.
import { isValidAbn, isValidAcn } from '../../../schemas/common/identifiers.js';
import type { AbnDetails } from '../../registers/abr/abn-register.js';
import { isForeignCompany, type CompanyRecord } from '../../registers/asic/company-register.js';
import type { Registers } from '../../registers/index.js';
import { emptyProblems, type FieldProblem, type FieldProblems } from '../errors.js';
import { abnSnapshot, companySnapshot, type Cursors, type RegisterSnapshot } from './register-state.js';
import { currentCursors } from './snapshots.js';
import { callerText, callerValue } from '../../../schemas/common/caller-text.js';

/**
 * A row as the client sent it. Its numbers are checked here rather than trusted: the refiner passes
 * rows whose numbers failed the structural pass, so every row problem is answered in one list.
 */
export interface OrderRowInput {
  acn?: unknown;
  abn?: unknown;
  reference?: string | undefined;
}

interface CheckedRow {
  acn: string | null;
  abn: string | null;
  reference: string | null;
}

/** Spec 7 `identifier_required`, `invalid_acn`, `invalid_abn`: a row's numbers before any lookup. */
function checkNumbers(row: OrderRowInput): { row: CheckedRow | null; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  if (row.acn === undefined && row.abn === undefined) problems.push({ code: 'identifier_required', message: 'Give acn, abn or both.' });
  if (row.acn !== undefined && !(typeof row.acn === 'string' && isValidAcn(row.acn)))
    problems.push({ code: 'invalid_acn', message: `ACN ${printable(row.acn)} is not valid: 9 digits with the ASIC checksum.` });
  if (row.abn !== undefined && !(typeof row.abn === 'string' && isValidAbn(row.abn)))
    problems.push({ code: 'invalid_abn', message: `ABN ${printable(row.abn)} is not valid: 11 digits with the ABR checksum.` });
  if (problems.length > 0) return { row: null, problems };
  return {
    row: { acn: (row.acn as string | undefined) ?? null, abn: (row.abn as string | undefined) ?? null, reference: row.reference ?? null },
    problems,
  };
}

function printable(value: unknown): string {
  return callerValue(value);
}

/** Lookups a row costs before its answer is known (D-43): 1, 2 with both numbers, 0 when its numbers are bad. */
export function plannedLookups(rows: readonly OrderRowInput[]): number {
  return rows.reduce((sum, input) => {
    const { row } = checkNumbers(input);
    return sum + (row ? (row.acn && row.abn ? 2 : 1) : 0);
  }, 0);
}

export interface ResolvedRow {
  /** The company number: the entity's key when present, else the ABN is. */
  acn: string | null;
  abn: string | null;
  name: string;
  snapshot: RegisterSnapshot;
  reference: string | null;
}

export interface Resolution {
  rows: (ResolvedRow | null)[];
  problems: FieldProblems;
  /** ABN-only rows that turned out to belong to a company: their second lookup (D-43). */
  companyAbnRows: number;
}

/** Why a company cannot be monitored, if it cannot (spec 7 row codes). */
function companyProblem(acn: string, company: CompanyRecord | null): FieldProblem | null {
  if (!company) return { code: 'acn_not_found', message: `No company with ACN ${callerText(acn)}.` };
  if (isForeignCompany(company))
    return {
      code: 'arbn_not_supported',
      message: `${callerText(acn)} is an ARBN (registered foreign company); ARBNs cannot be monitored.`,
    };
  if (company.status === 'deregistered')
    return { code: 'acn_not_eligible', message: `ACN ${callerText(acn)} is deregistered; only registered companies can be monitored.` };
  return null;
}

function abnProblem(abn: string, record: AbnDetails | null): FieldProblem | null {
  if (!record) return { code: 'abn_not_found', message: `No ABN ${callerText(abn)}.` };
  if (record.status === 'cancelled') return { code: 'abn_not_active', message: `ABN ${callerText(abn)} is cancelled.` };
  return null;
}

function belongsTo(abn: string, abnRecord: AbnDetails, acn: string, company: CompanyRecord): boolean {
  return abnRecord.acn === acn || company.abn === abn;
}

export async function resolveRows(registers: Registers, inputs: readonly OrderRowInput[]): Promise<Resolution> {
  const checked = inputs.map(checkNumbers);
  const rows = checked.map((c) => c.row ?? { acn: null, abn: null, reference: null });
  const acns = rows.flatMap((row) => (row.acn ? [row.acn] : []));
  const abns = rows.flatMap((row) => (row.abn ? [row.abn] : []));
  // One read after the other, never Promise.all: under an Idempotency-Key the registers read through
  // the request's transaction, one pg client, which must not be sent a query while it runs another.
  const companies = await registers.companies.findManyByAcn(acns);
  const abnRecords = await registers.abns.findManyByAbn(abns);

  // ABN-only rows of a company need the company too (the second lookup of D-43).
  const ownerAcns = rows.flatMap((row) => {
    const owner = !row.acn && row.abn ? abnRecords.get(row.abn)?.acn : null;
    return owner ? [owner] : [];
  });
  const owners = await registers.companies.findManyByAcn(ownerAcns);
  const companyOf = (acn: string): CompanyRecord | null => companies.get(acn) ?? owners.get(acn) ?? null;

  // GST and business names of a company come from its ABN (register-state.ts).
  const companyAbns = [...companies.values(), ...owners.values()].flatMap((company) =>
    company?.abn && !abnRecords.has(company.abn) ? [company.abn] : [],
  );
  const companyAbnRecords = await registers.abns.findManyByAbn(companyAbns);
  const { documentCursor, noticeCursor, ppsrCursor } = await currentCursors(registers);
  const abnRecordOf = (abn: string | null): AbnDetails | null => (abn ? (abnRecords.get(abn) ?? companyAbnRecords.get(abn) ?? null) : null);
  const cursors: Cursors = { documentCursor, noticeCursor, ppsrCursor };

  const problems = emptyProblems();
  const resolved: (ResolvedRow | null)[] = [];
  const asCompany = (company: CompanyRecord, abn: string | null, reference: string | null): ResolvedRow => {
    const entityAbn = abn ?? company.abn;
    return {
      acn: company.acn,
      abn: entityAbn,
      name: company.name,
      snapshot: companySnapshot(company, abnRecordOf(entityAbn), cursors),
      reference,
    };
  };

  rows.forEach((row, index) => {
    const reference = row.reference;
    const found: FieldProblem[] = [...checked[index]!.problems];
    let result: ResolvedRow | null = null;
    const company = row.acn ? companyOf(row.acn) : null;
    const abnRecord = row.abn ? (abnRecords.get(row.abn) ?? null) : null;
    if (row.acn) {
      const problem = companyProblem(row.acn, company);
      if (problem) found.push(problem);
    }
    if (row.abn) {
      const problem = abnProblem(row.abn, abnRecord);
      if (problem) found.push(problem);
    }
    if (found.length === 0) {
      if (row.acn && row.abn && company && abnRecord) {
        if (!belongsTo(row.abn, abnRecord, row.acn, company))
          found.push({ code: 'abn_acn_mismatch', message: `ABN ${callerText(row.abn)} does not belong to ACN ${callerText(row.acn)}.` });
        else result = asCompany(company, row.abn, reference);
      } else if (row.acn && company) {
        result = asCompany(company, null, reference);
      } else if (row.abn && abnRecord) {
        const owner = abnRecord.acn ? companyOf(abnRecord.acn) : null;
        if (owner) {
          const problem = companyProblem(owner.acn, owner);
          if (problem) found.push(problem);
          else result = asCompany(owner, row.abn, reference);
        } else {
          result = { acn: null, abn: row.abn, name: abnRecord.entityName, snapshot: abnSnapshot(abnRecord, cursors), reference };
        }
      }
    }
    if (found.length > 0) problems[`entities.${index}`] = found;
    resolved.push(found.length > 0 ? null : result);
  });

  return { rows: resolved, problems, companyAbnRows: ownerAcns.length };
}

/** The key an entity is stored under: its ACN, or its ABN when it is not a company. */
export function entityKey(row: { acn: string | null; abn: string | null }): string {
  return row.acn ? `acn:${row.acn}` : `abn:${row.abn}`;
}
