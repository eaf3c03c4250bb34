// Documents lodged with ASIC, as the simulated register keeps them (table `register_documents`): the
// operator API adds them, register checks read the ones stored after the last they saw.
import { and, gt, inArray, max, asc } from 'drizzle-orm';
import type { Database } from '../../store/db.js';
import { registerDocuments } from '../../store/schema/index.js';

export interface CompanyDocumentRecord {
  id: number;
  acn: string;
  documentType: string;
  documentNumber: string;
  description: string;
  lodgedAt: Date;
}

export interface DocumentRegister {
  /** Documents of these companies stored after `afterId`, oldest first. */
  listSince(acns: readonly string[], afterId: number): Promise<CompanyDocumentRecord[]>;
  /** The id of the newest document; a check that has seen it has seen everything before. */
  cursor(): Promise<number>;
  /** Stores a document; null when its number is taken. */
  add(document: Omit<CompanyDocumentRecord, 'id'>, at: Date): Promise<CompanyDocumentRecord | null>;
}

export function createDocumentRegister(db: Database): DocumentRegister {
  return {
    async listSince(acns, afterId) {
      if (acns.length === 0) return [];
      return db
        .select({
          id: registerDocuments.id,
          acn: registerDocuments.acn,
          documentType: registerDocuments.documentType,
          documentNumber: registerDocuments.documentNumber,
          description: registerDocuments.description,
          lodgedAt: registerDocuments.lodgedAt,
        })
        .from(registerDocuments)
        .where(and(inArray(registerDocuments.acn, [...acns]), gt(registerDocuments.id, afterId)))
        .orderBy(asc(registerDocuments.id));
    },
    async cursor() {
      const [row] = await db.select({ id: max(registerDocuments.id) }).from(registerDocuments);
      return Number(row?.id ?? 0);
    },
    async add(document, at) {
      const [row] = await db
        .insert(registerDocuments)
        .values({ ...document, createdAt: at })
        .onConflictDoNothing()
        .returning();
      return row
        ? {
            id: row.id,
            acn: row.acn,
            documentType: row.documentType,
            documentNumber: row.documentNumber,
            description: row.description,
            lodgedAt: row.lodgedAt,
          }
        : null;
    },
  };
}
