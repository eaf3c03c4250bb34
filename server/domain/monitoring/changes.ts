// What changed between two register snapshots of one entity, as spec 2.7 events: one event per
// change, with the `source` and only the `metadata` keys that apply (codes as words, addresses as one
// line). Pure, so the wording is tested without a database.
import { brisbaneDate } from '../../clock.js';
import type { CompanyDocumentRecord } from '../../registers/asic/documents.js';
import type { InsolvencyNoticeRecord } from '../../registers/insolvency/notices.js';
import type { PpsrRegistrationChange } from '../../registers/ppsr/ppsr-register.js';
import { readableType, statusWord, type RegisterSnapshot } from './register-state.js';

export type EventSource = 'asic' | 'abr' | 'insolvency' | 'ppsr';

export interface DetectedChange {
  eventType: string;
  title: string;
  description: string;
  effectiveDate: string | null;
  source: EventSource | null;
  metadata: Record<string, unknown>;
}

const gstWord = (registered: boolean | null): string => (registered ? 'Registered' : 'Not registered');

export function registerChanges(before: RegisterSnapshot, after: RegisterSnapshot, today: string): DetectedChange[] {
  const company = after.acn !== null;
  const holder = company ? 'company' : 'ABN holder';
  const core: 'asic' | 'abr' = company ? 'asic' : 'abr';
  const changes: DetectedChange[] = [];

  if (before.name !== after.name)
    changes.push({
      eventType: 'name_change',
      title: company ? 'Company name changed' : 'Name changed',
      description: `The ${holder} changed its name from ${before.name} to ${after.name}.`,
      effectiveDate: today,
      source: core,
      metadata: { field: 'entityName', oldValue: before.name, newValue: after.name, previousName: before.name },
    });

  if (company && before.address !== after.address)
    changes.push({
      eventType: 'address_change',
      title: 'Registered office address changed',
      description: after.address
        ? before.address
          ? `The registered office moved from ${before.address} to ${after.address}.`
          : `The registered office is now ${after.address}.`
        : 'The register no longer holds a registered office address.',
      effectiveDate: today,
      source: 'asic',
      metadata: { field: 'registeredOffice', oldValue: before.address ?? 'None', newValue: after.address ?? 'None' },
    });

  if (before.status !== after.status) {
    const title =
      after.status === 'deregistered'
        ? 'Company deregistered'
        : after.status === 'cancelled'
          ? 'ABN cancelled'
          : company
            ? 'Company status changed'
            : 'ABN status changed';
    changes.push({
      eventType: 'status_change',
      title,
      description: `The ${company ? 'company' : 'ABN'} status changed from ${statusWord(before.status)} to ${statusWord(after.status)}.`,
      effectiveDate: today,
      source: core,
      metadata: { field: 'entityStatus', oldValue: statusWord(before.status), newValue: statusWord(after.status) },
    });
  }

  if (before.entityType !== after.entityType) {
    const oldValue = readableType(before.entityType) ?? 'Unknown';
    const newValue = readableType(after.entityType) ?? 'Unknown';
    changes.push({
      eventType: 'type_change',
      title: 'Entity type changed',
      description: `The entity type changed from ${oldValue} to ${newValue}.`,
      effectiveDate: today,
      source: core,
      metadata: { field: 'entityType', oldValue, newValue },
    });
  }

  if (Boolean(before.gstRegistered) !== Boolean(after.gstRegistered)) {
    const cancelled = Boolean(before.gstRegistered) && !after.gstRegistered;
    changes.push({
      eventType: 'gst_change',
      title: cancelled ? 'GST registration cancelled' : 'Registered for GST',
      description: cancelled
        ? 'The ABN is no longer registered for GST.'
        : `The ABN is registered for GST${after.gstDate ? ` from ${after.gstDate}` : ''}.`,
      effectiveDate: cancelled ? today : (after.gstDate ?? today),
      source: 'abr',
      metadata: {
        field: 'gstRegistered',
        oldValue: gstWord(before.gstRegistered),
        newValue: gstWord(after.gstRegistered),
        ...(cancelled ? { gstCancelled: true } : {}),
      },
    });
  } else if (after.gstRegistered && before.gstDate !== after.gstDate) {
    changes.push({
      eventType: 'gst_change',
      title: 'GST registration date changed',
      description: `The date of GST registration changed from ${before.gstDate ?? 'none'} to ${after.gstDate ?? 'none'}.`,
      effectiveDate: after.gstDate,
      source: 'abr',
      metadata: { field: 'gstDate', oldValue: before.gstDate ?? 'None', newValue: after.gstDate ?? 'None' },
    });
  }

  // Business names are the current list: a removal does not say whether the name lapsed or was cancelled (spec 6.2).
  for (const name of after.businessNames.filter((n) => !before.businessNames.includes(n)))
    changes.push({
      eventType: 'business_name_added',
      title: 'Business name added',
      description: `${name} is now a business name of the entity.`,
      effectiveDate: today,
      source: 'abr',
      metadata: { businessName: name },
    });
  for (const name of before.businessNames.filter((n) => !after.businessNames.includes(n)))
    changes.push({
      eventType: 'business_name_removed',
      title: 'Business name removed',
      description: `${name} is no longer a business name of the entity.`,
      effectiveDate: today,
      source: 'abr',
      metadata: { businessName: name },
    });
  return changes;
}

export function documentChange(document: CompanyDocumentRecord): DetectedChange {
  return {
    eventType: 'document_lodged',
    title: `Form ${document.documentType} lodged`,
    description: `ASIC received document ${document.documentNumber} (${document.documentType}, ${document.description}).`,
    effectiveDate: brisbaneDate(document.lodgedAt),
    source: 'asic',
    metadata: { documentType: document.documentType, documentNumber: document.documentNumber, documentDescription: document.description },
  };
}

export function noticeChange(notice: InsolvencyNoticeRecord): DetectedChange {
  return {
    eventType: 'insolvency_notice',
    title: 'Insolvency notice published',
    description: `An insolvency notice was published: ${notice.description}.`,
    effectiveDate: notice.appointmentDate,
    source: 'insolvency',
    metadata: { noticeUrl: notice.noticeUrl, appointmentDate: notice.appointmentDate },
  };
}

/** A registration made against the company on the PPSR (spec 2.7: no metadata keys apply to it). */
export function ppsrChange(registration: PpsrRegistrationChange): DetectedChange {
  return {
    eventType: 'ppsr_registration',
    title: 'PPSR registration made',
    description: `PPSR registration ${registration.registrationNumber} (${registration.collateralClass}) was made against the company in favour of ${registration.securedPartyName}.`,
    effectiveDate: brisbaneDate(registration.registrationStart),
    source: 'ppsr',
    metadata: {},
  };
}
