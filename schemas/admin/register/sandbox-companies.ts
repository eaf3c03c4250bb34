// The sandbox's magic companies (sandbox.md "Companies and ABNs"), kept as data so the docs (the
// operator API's examples), the sandbox guide and the simulation read one table. Names already used in the contract's examples are
// reused here so the Prism mock and the live sandbox tell the same story. The last four companies
// only exist to make name checks interesting (`&`/`AND`, punctuation, a near miss).
import type { z } from '../../common/zod.js';
import type { Company } from './companies.js';

/** A company as the register holds it (the operator API's record without `updatedAt`). */
type CompanyRecord = Omit<z.infer<typeof Company>, 'updatedAt'>;

/** What a fixture without ABN, address, GST or business names leaves out. */
const noExtras: Pick<CompanyRecord, 'abn' | 'address' | 'gstRegistered' | 'gstDate' | 'businessNames'> = {
  abn: null,
  address: null,
  gstRegistered: false,
  gstDate: null,
  businessNames: [],
};

export const ASIC_FIXTURE_COMPANIES: readonly CompanyRecord[] = [
  {
    acn: '100000011',
    name: 'SANDBOX TRADING PTY LTD',
    status: 'registered',
    entityType: 'APTY',
    abn: '60100000011',
    address: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
    gstRegistered: true,
    gstDate: '2020-07-01',
    businessNames: ['SANDBOX COFFEE'],
  },
  { acn: '100000020', name: 'SANDBOX SUPPLIES PTY LTD', status: 'registered', entityType: 'APTY', ...noExtras },
  { acn: '100000039', name: 'SANDBOX WINDING UP PTY LTD', status: 'strike_off_proposed', entityType: 'APTY', ...noExtras },
  { acn: '100000048', name: 'SANDBOX ADMINISTRATION PTY LTD', status: 'external_administration', entityType: 'APTY', ...noExtras },
  { acn: '100000057', name: 'SANDBOX DEREGISTERED PTY LTD', status: 'deregistered', entityType: 'APTY', ...noExtras },
  { acn: '100000075', name: 'SANDBOX OVERSEAS LIMITED', status: 'registered', entityType: 'FNOS', ...noExtras },
  { acn: '100000084', name: 'HARBOUR LIGHTS INVESTMENTS PTY LTD', status: 'registered', entityType: 'APTY', ...noExtras },
  { acn: '100000093', name: 'SMITH & JONES PTY LTD', status: 'registered', entityType: 'APTY', ...noExtras },
  { acn: '100000100', name: "O'BRIEN CONSULTING LIMITED", status: 'registered', entityType: 'APUB', ...noExtras },
  { acn: '100000119', name: 'SANDBOX MOTOR FINANCE PTY LTD', status: 'registered', entityType: 'APTY', ...noExtras },
];

/** Valid-checksum numbers the register has never heard of (so no company is generated for them). */
export const ASIC_ABSENT_ACNS: ReadonlySet<string> = new Set(['100000066']);
