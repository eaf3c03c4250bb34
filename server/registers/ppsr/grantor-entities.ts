// Who a grantor number belongs to, as the PPSR shows it in `data.entity`: companies and foreign
// companies from the ASIC register, ABN holders from the ABR, managed investment schemes named after
// their ARSN. The simulated PPSR asks the simulated ASIC and ABR, so the registers tell one story.
import type { AbnRegister } from '../abr/abn-register.js';
import type { CompanyRegister } from '../asic/company-register.js';
import type { GrantorNumberType, PpsrEntityRecord } from './ppsr-register.js';

const COMPANY_TYPES: Record<string, string> = {
  APTY: 'Australian Proprietary Company',
  APUB: 'Australian Public Company',
  FNOS: 'Registered Foreign Company',
};
const COMPANY_STATUSES: Record<string, string> = {
  registered: 'Registered',
  deregistered: 'Deregistered',
  external_administration: 'External Administration',
  strike_off_proposed: 'Strike-off Proposed',
};
const ABN_TYPES: Record<string, string> = {
  IND: 'Individual/Sole Trader',
  PRV: 'Australian Private Company',
  PUB: 'Australian Public Company',
};

export function emptyEntity(name: string): PpsrEntityRecord {
  return { name, abn: null, acn: null, type: null, status: null, address: null };
}

function grouped(number: string): string {
  return number.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}

export async function grantorEntity(
  registers: { companies: CompanyRegister; abns: AbnRegister },
  numberType: GrantorNumberType,
  number: string,
): Promise<PpsrEntityRecord> {
  if (numberType === 'ARSN') {
    return { ...emptyEntity(`MANAGED INVESTMENT SCHEME ${grouped(number)}`), type: 'Registered Scheme', status: 'Registered' };
  }
  if (numberType === 'ABN') {
    const holder = await registers.abns.findByAbn(number);
    if (!holder) return { ...emptyEntity(number), abn: number };
    return {
      name: holder.entityName,
      abn: number,
      acn: holder.acn,
      type: ABN_TYPES[holder.entityType] ?? holder.entityType,
      status: holder.status === 'active' ? 'Active' : 'Cancelled',
      address: null,
    };
  }
  const company = await registers.companies.findByAcn(number);
  if (!company) return { ...emptyEntity(number), acn: number };
  return {
    name: company.name,
    abn: company.abn,
    acn: company.acn,
    type: COMPANY_TYPES[company.entityType] ?? company.entityType,
    status: COMPANY_STATUSES[company.status] ?? company.status,
    address: company.address ? `${company.address.locality} ${company.address.state} ${company.address.postcode}` : null,
  };
}
