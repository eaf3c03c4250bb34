// The Australian Business Register as the service sees it. Monitoring reads ABNs through this
// interface; the simulated adapter here implements it and a real ABR adapter would too.
import type { z } from 'zod';
import type { AbnRecord, AbnStatus as AbnStatusSchema } from '../../../schemas/admin/register/index.js';

export type AbnStatus = z.infer<typeof AbnStatusSchema>;

/** An ABN as the register reports it: the operator API's `RegisterAbn` without `updatedAt`. */
export type AbnDetails = Omit<z.infer<typeof AbnRecord>, 'updatedAt'>;

export interface AbnRegister {
  /** The ABN's record, active or cancelled; null when the register has no such ABN. */
  findByAbn(abn: string): Promise<AbnDetails | null>;
  /** `findByAbn` for a batch (register checks): every ABN asked is a key. */
  findManyByAbn(abns: readonly string[]): Promise<Map<string, AbnDetails | null>>;
}
