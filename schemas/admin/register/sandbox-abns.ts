// The sandbox's magic ABNs (sandbox.md "Companies and ABNs"), kept as data. The two company ABNs
// carry the names of the ASIC fixtures they belong to, so both registers tell the same story.
import type { z } from '../../common/zod.js';
import type { AbnRecord } from './abns.js';

/** An ABN as the register holds it (the operator API's record without `updatedAt`). */
type AbnDetails = Omit<z.infer<typeof AbnRecord>, 'updatedAt'>;

export const ABR_FIXTURE_ABNS: readonly AbnDetails[] = [
  {
    abn: '53900000001',
    entityName: 'JANE CITIZEN',
    status: 'active',
    entityType: 'IND',
    acn: null,
    gstRegistered: false,
    gstDate: null,
    businessNames: ["JANE'S BOOKKEEPING"],
  },
  {
    abn: '34900000002',
    entityName: 'JOHN CITIZEN',
    status: 'cancelled',
    entityType: 'IND',
    acn: null,
    gstRegistered: false,
    gstDate: null,
    businessNames: [],
  },
  {
    abn: '60100000011',
    entityName: 'SANDBOX TRADING PTY LTD',
    status: 'active',
    entityType: 'PRV',
    acn: '100000011',
    gstRegistered: true,
    gstDate: '2020-07-01',
    businessNames: ['SANDBOX COFFEE'],
  },
  {
    abn: '62100000020',
    entityName: 'SANDBOX SUPPLIES PTY LTD',
    status: 'active',
    entityType: 'PRV',
    acn: '100000020',
    gstRegistered: false,
    gstDate: null,
    businessNames: [],
  },
];

/** Valid-checksum ABNs the register has never issued (so no ABN is generated for them). */
export const ABR_ABSENT_ABNS: ReadonlySet<string> = new Set(['15900000003']);
