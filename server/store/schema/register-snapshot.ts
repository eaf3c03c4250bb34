// The register state of one monitored entity at its last completed check, stored as JSON on the
// entity (`monitored_entities.register`): the check compares the registers with it (spec 2.6).

export type RegisterStatus = 'registered' | 'deregistered' | 'cancelled' | 'external_administration' | 'strike_off_proposed';

export interface RegisterSnapshot {
  name: string;
  acn: string | null;
  abn: string | null;
  status: RegisterStatus;
  /** The register's own type code. */
  entityType: string | null;
  /** Registered office in one line, companies only. */
  address: string | null;
  gstRegistered: boolean | null;
  gstDate: string | null;
  businessNames: string[];
  /** Newest ASIC document and insolvency notice ids seen: later ones are new. */
  documentCursor: number;
  noticeCursor: number;
  /** Newest PPSR registration (`seq`) seen; absent in snapshots taken before PPSR was watched. */
  ppsrCursor?: number;
}
