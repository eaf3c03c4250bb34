// The registers' current word on a batch of entities (one lookup per register per batch, not per
// entity): what renewals, resumes, the first check after a live order and the daily and weekly checks
// compare with.
import type { AbnDetails } from '../../registers/abr/abn-register.js';
import type { CompanyRecord } from '../../registers/asic/company-register.js';
import type { Registers } from '../../registers/index.js';
import { abnSnapshot, companySnapshot, type Cursors, type RegisterSnapshot } from './register-state.js';

export interface EntityNumbers {
  id: number;
  acn: string | null;
  abn: string | null;
}

export interface CurrentRegister {
  /** Null when the register no longer knows the number. */
  snapshot: RegisterSnapshot | null;
  /** For an ABN entity: the company the ABN now belongs to, if the ABR says so. */
  ownerAcn: string | null;
}

export async function currentRegisters(
  registers: Registers,
  entities: readonly EntityNumbers[],
  cursorsOf: (entity: EntityNumbers) => Cursors,
): Promise<Map<number, CurrentRegister>> {
  const companies = await registers.companies.findManyByAcn(entities.flatMap((e) => (e.acn ? [e.acn] : [])));
  const abnOf = (entity: EntityNumbers): string | null => (entity.acn ? (companies.get(entity.acn)?.abn ?? entity.abn) : entity.abn);
  const abns = await registers.abns.findManyByAbn(entities.flatMap((e) => (abnOf(e) ? [abnOf(e)!] : [])));
  const answer = new Map<number, CurrentRegister>();
  for (const entity of entities) {
    const abnNumber = abnOf(entity);
    const abnRecord: AbnDetails | null = abnNumber ? (abns.get(abnNumber) ?? null) : null;
    if (entity.acn) {
      const company: CompanyRecord | null = companies.get(entity.acn) ?? null;
      const snapshot = company ? companySnapshot({ ...company, abn: abnNumber }, abnRecord, cursorsOf(entity)) : null;
      answer.set(entity.id, { snapshot, ownerAcn: null });
    } else {
      answer.set(entity.id, {
        snapshot: abnRecord ? abnSnapshot(abnRecord, cursorsOf(entity)) : null,
        ownerAcn: abnRecord?.acn ?? null,
      });
    }
  }
  return answer;
}

/**
 * The newest document, notice and PPSR registration now: a fresh baseline sees everything before as
 * known. Read one after the other: the registers may read through a transaction (one pg client).
 */
export async function currentCursors(registers: Registers): Promise<Cursors> {
  const documentCursor = await registers.documents.cursor();
  const noticeCursor = await registers.insolvency.cursor();
  const ppsrCursor = await registers.ppsr.cursor();
  return { documentCursor, noticeCursor, ppsrCursor };
}
