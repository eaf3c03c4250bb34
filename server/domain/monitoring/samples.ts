// What `simulate` with an `eventType` records (spec 4.5): a plausible change of that type for the
// entity, shaped exactly as a detected one (title, description, source, metadata of 2.7). The entity
// itself does not change: a simulated event is a test of the client's handling, not of the register.
import { randomInt } from 'node:crypto';
import type { MONITORING_EVENT_TYPES } from '../../../schemas/monitoring/index.js';
import type { DetectedChange } from './changes.js';
import { readableType, statusWord } from './register-state.js';
import { registerStatusOf, snapshotOf, type EntityRow } from './view.js';

type EventType = (typeof MONITORING_EVENT_TYPES)[number];

function documentNumber(): string {
  const letter = () => String.fromCharCode(65 + randomInt(26));
  return `${randomInt(10)}${letter()}${letter()}${letter()}${String(randomInt(100_000)).padStart(5, '0')}`;
}

export function sampleChange(eventType: EventType, entity: EntityRow, today: string): DetectedChange {
  const snapshot = snapshotOf(entity);
  const company = entity.acn !== null;
  const core = company ? 'asic' : 'abr';
  const base = { effectiveDate: today };
  switch (eventType) {
    case 'document_lodged': {
      const number = documentNumber();
      return {
        ...base,
        eventType,
        title: 'Form 484 lodged',
        description: `ASIC received document ${number} (484, Change to company details).`,
        source: 'asic',
        metadata: { documentType: '484', documentNumber: number, documentDescription: 'Change to company details' },
      };
    }
    case 'name_change': {
      const previous = company ? 'SANDBOX HOLDINGS PTY LTD' : 'J CITIZEN';
      return {
        ...base,
        eventType,
        title: company ? 'Company name changed' : 'Name changed',
        description: `The ${company ? 'company' : 'ABN holder'} changed its name from ${previous} to ${entity.entityName}.`,
        source: core,
        metadata: { field: 'entityName', oldValue: previous, newValue: entity.entityName, previousName: previous },
      };
    }
    case 'address_change': {
      const oldValue = '1 EAGLE STREET, BRISBANE CITY QLD 4000';
      const newValue = '100 QUEEN STREET, BRISBANE CITY QLD 4000';
      return {
        ...base,
        eventType,
        title: 'Registered office address changed',
        description: `The registered office moved from ${oldValue} to ${newValue}.`,
        source: 'asic',
        metadata: { field: 'registeredOffice', oldValue, newValue },
      };
    }
    case 'status_change': {
      const now = statusWord(registerStatusOf(entity) ?? 'registered');
      const before = now === 'Registered' ? 'Strike-off proposed' : 'Registered';
      return {
        ...base,
        eventType,
        title: company ? 'Company status changed' : 'ABN status changed',
        description: `The ${company ? 'company' : 'ABN'} status changed from ${before} to ${now}.`,
        source: core,
        metadata: { field: 'entityStatus', oldValue: before, newValue: now },
      };
    }
    case 'type_change': {
      const now = readableType(snapshot?.entityType ?? null) ?? 'Australian Proprietary Company';
      const before = now === 'Australian Public Company' ? 'Australian Proprietary Company' : 'Australian Public Company';
      return {
        ...base,
        eventType,
        title: 'Entity type changed',
        description: `The entity type changed from ${before} to ${now}.`,
        source: core,
        metadata: { field: 'entityType', oldValue: before, newValue: now },
      };
    }
    case 'gst_change': {
      const cancelled = !snapshot?.gstRegistered;
      return {
        ...base,
        eventType,
        title: cancelled ? 'GST registration cancelled' : 'Registered for GST',
        description: cancelled ? 'The ABN is no longer registered for GST.' : 'The ABN is registered for GST.',
        source: 'abr',
        metadata: {
          field: 'gstRegistered',
          oldValue: cancelled ? 'Registered' : 'Not registered',
          newValue: cancelled ? 'Not registered' : 'Registered',
          ...(cancelled ? { gstCancelled: true } : {}),
        },
      };
    }
    case 'business_name_added':
    case 'business_name_removed': {
      const name = snapshot?.businessNames[0] ?? 'SANDBOX ROASTERS';
      const added = eventType === 'business_name_added';
      return {
        ...base,
        eventType,
        title: added ? 'Business name added' : 'Business name removed',
        description: added ? `${name} is now a business name of the entity.` : `${name} is no longer a business name of the entity.`,
        source: 'abr',
        metadata: { businessName: name },
      };
    }
    case 'insolvency_notice':
      return {
        ...base,
        eventType,
        title: 'Insolvency notice published',
        description: 'An insolvency notice was published: Appointment of Voluntary Administrator.',
        source: 'insolvency',
        metadata: {
          noticeUrl: `https://insolvencynotices.asic.gov.au/browsesearch-notices/notice-details/${entity.acn ?? entity.abn}/sandbox`,
          appointmentDate: today,
        },
      };
    case 'ppsr_registration':
      return {
        ...base,
        eventType,
        title: 'PPSR registration changed',
        description: 'A registration against the company was made on the PPSR.',
        source: 'ppsr',
        metadata: {},
      };
    case 'other_change':
      return {
        ...base,
        eventType,
        title: 'Register details changed',
        description: 'The register reported a change.',
        source: null,
        metadata: {},
      };
  }
}
