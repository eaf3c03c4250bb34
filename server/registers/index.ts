// The outside systems the service talks to, as one object wired once at the top (server/wiring.ts):
// each is an adapter interface with a simulated implementation (sandbox.md "Simulated registers").
// The simulated ones read database rows the operator API writes, so every API and worker process sees
// the same registers; a deployment with real adapters (or a test standing in for an outage) wires
// its own.
import type { Config } from '../config.js';
import type { Database } from '../store/db.js';
import { createAbnOverrides, type AbnOverrides } from './abr/abn-overrides.js';
import type { AbnRegister } from './abr/abn-register.js';
import { createSimulatedAbnRegister } from './abr/simulated-abn-register.js';
import { loadAnzsicClassification, type AnzsicClassification } from './anzsic-classification.js';
import { createCompanyOverrides, type CompanyOverrides } from './asic/company-overrides.js';
import type { CompanyRegister } from './asic/company-register.js';
import { createDocumentRegister, type DocumentRegister } from './asic/documents.js';
import { createSimulatedCompanyRegister } from './asic/simulated-company-register.js';
import type { BankingPartner } from './banking/banking-partner.js';
import { createSimulatedBankingPartner } from './banking/simulated-banking-partner.js';
import { createInsolvencyRegister, type InsolvencyRegister } from './insolvency/notices.js';
import type { PpsrRegister } from './ppsr/ppsr-register.js';
import { createSimulatedPpsr } from './ppsr/simulated-ppsr.js';
import type { AvailabilityCache } from './availability.js';

export interface Registers {
  /** ASIC companies: operator changes, then fixtures, then generated companies. */
  companies: CompanyRegister;
  /** ABR: operator changes, then ABNs of operator-made companies, then fixtures, then generated ABNs. */
  abns: AbnRegister;
  /** ANZSIC 2006 industry classification (shipped data). */
  industries: AnzsicClassification;
  /** Documents lodged with ASIC (monitoring's `document_lodged`). */
  documents: DocumentRegister;
  /** Published insolvency notices (monitoring's `insolvency_notice`). */
  insolvency: InsolvencyRegister;
  /** PPSR with NEVDIS: fixtures, generated answers for other identifiers, operator registrations. */
  ppsr: PpsrRegister;
  /** The banking partner that opens business accounts. */
  banking: BankingPartner;
}

/** The simulated company registers (ASIC, ABR, documents, notices) and the stores the operator API writes them through. */
export interface SimulatedCompanyRegisters extends Pick<Registers, 'companies' | 'abns' | 'documents' | 'insolvency'> {
  companyOverrides: CompanyOverrides;
  abnOverrides: AbnOverrides;
}

function build(db: Database): SimulatedCompanyRegisters {
  const companyOverrides = createCompanyOverrides(db);
  const abnOverrides = createAbnOverrides(db);
  return {
    companies: createSimulatedCompanyRegister(companyOverrides),
    abns: createSimulatedAbnRegister(abnOverrides, companyOverrides),
    documents: createDocumentRegister(db),
    insolvency: createInsolvencyRegister(db),
    companyOverrides,
    abnOverrides,
  };
}

const built = new WeakMap<Database, SimulatedCompanyRegisters>();

/**
 * The simulated company registers over this database, built once per database (they hold no state of
 * their own). The operator API writes through them whatever registers the app was wired with: it is
 * the simulation's own control panel.
 */
export function simulatedRegistersOf(db: Database): SimulatedCompanyRegisters {
  let registers = built.get(db);
  if (!registers) {
    registers = build(db);
    built.set(db, registers);
  }
  return registers;
}

export function createSimulatedRegisters(
  db: Database,
  config?: Pick<Config, 'SVC_SANDBOX_PPSR_DELAY_MS'>,
  availability?: AvailabilityCache,
): Registers {
  const { companies, abns, documents, insolvency } = simulatedRegistersOf(db);
  return {
    companies,
    abns,
    industries: loadAnzsicClassification(),
    documents,
    insolvency,
    ppsr: createSimulatedPpsr(
      db,
      { companies, abns },
      { answerDelayMs: config?.SVC_SANDBOX_PPSR_DELAY_MS ?? 0, ...(availability ? { availability } : {}) },
    ),
    banking: createSimulatedBankingPartner(db),
  };
}
