// The sandbox rule for ABNs the fixtures do not list: any valid ABN is active, held by an
// individual named after the number (`ABN HOLDER 12 345 678 901`), with no company, GST or business
// names, so property-based tests and demos can use any valid number.
import type { AbnDetails } from './abn-register.js';

/** ABN in the ABR's printed grouping (`12 345 678 901`). */
function grouped(abn: string): string {
  return `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8, 11)}`;
}

export function generatedAbn(abn: string): AbnDetails {
  return {
    abn,
    entityName: `ABN HOLDER ${grouped(abn)}`,
    status: 'active',
    entityType: 'IND',
    acn: null,
    gstRegistered: false,
    gstDate: null,
    businessNames: [],
  };
}
