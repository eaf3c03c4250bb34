// From a validated request body to what the register is asked and what the status resource says about
// it: the D-30 label, whether certificates and vehicle data apply (classifyPpsrSearch, the spec's
// search type table as data), and `search.number`, the identifier searched.
import { classifyPpsrSearch, type PpsrSearchClassification, type PpsrSearchRequest } from '../../../schemas/ppsr/index.js';
import type { PpsrQuery } from '../../registers/ppsr/ppsr-register.js';

export interface SearchPlan extends PpsrSearchClassification {
  query: PpsrQuery;
  /** `data.search.number`. */
  number: string;
}

export function planSearch(body: PpsrSearchRequest): SearchPlan {
  const classification = classifyPpsrSearch(body);
  const grantor = (query: Extract<PpsrQuery, { kind: 'grantor_number' }>): SearchPlan => ({
    ...classification,
    query,
    number: query.number,
  });
  if ('acn' in body) return grantor({ kind: 'grantor_number', numberType: 'ACN', number: body.acn });
  if ('abn' in body) return grantor({ kind: 'grantor_number', numberType: 'ABN', number: body.abn });
  if ('arbn' in body) return grantor({ kind: 'grantor_number', numberType: 'ARBN', number: body.arbn });
  if ('arsn' in body) return grantor({ kind: 'grantor_number', numberType: 'ARSN', number: body.arsn });
  if ('vin' in body) return { ...classification, query: { kind: 'vin', vin: body.vin }, number: body.vin };
  if ('serialNumber' in body)
    return {
      ...classification,
      query: { kind: 'serial', serialNumber: body.serialNumber, serialNumberType: body.serialNumberType },
      number: body.serialNumber,
    };
  if ('registrationNumber' in body)
    return {
      ...classification,
      query: { kind: 'registration_number', registrationNumber: body.registrationNumber },
      number: body.registrationNumber,
    };
  if ('familyName' in body)
    return {
      ...classification,
      query: { kind: 'individual', familyName: body.familyName, givenNames: body.givenNames, dateOfBirth: body.dateOfBirth },
      number: `${body.familyName}, ${body.givenNames}, ${body.dateOfBirth}`,
    };
  return {
    ...classification,
    query: { kind: 'organisation', organisationName: body.organisationName },
    number: body.organisationName,
  };
}
