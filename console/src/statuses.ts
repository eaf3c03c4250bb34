// Which statuses each kind of request can take, and which of them send which event (from the contract,
// console/contract-data.ts), for the move controls and the table on the Lodgements page.
import { zForm484Status, zSetLodgementStatusRequest } from '../../generated/admin-client/zod.gen.js';
import { NOTIFIABLE } from './contract.js';

export const FORM484_STATUSES = zForm484Status.options;
export const LODGEMENT_STATUSES = zSetLodgementStatusRequest.shape.status.options;

export function statusesOf(kind: string): readonly string[] {
  if (kind === 'form484') return FORM484_STATUSES;
  if (kind === 'business_account') return [];
  return LODGEMENT_STATUSES;
}

/** The event a move of `kind` into `status` sends, or undefined when the move sends none. */
export function eventOf(kind: string, status: string): string | undefined {
  const rule = NOTIFIABLE[kind];
  return rule?.statuses.includes(status) ? rule.event : undefined;
}

/** Every kind with its event, the statuses that send it and those that send nothing. */
export function eventTable(): { kind: string; event: string; sends: string[]; silent: string[] }[] {
  return Object.entries(NOTIFIABLE).map(([kind, rule]) => {
    const all = statusesOf(kind);
    return {
      kind,
      event: rule.event,
      sends: all.filter((s) => rule.statuses.includes(s)),
      silent: all.filter((s) => !rule.statuses.includes(s)),
    };
  });
}

const KIND_NAMES: Record<string, string> = {
  form484: 'Form 484',
  abn_registration: 'ABN registration',
  company_registration: 'Company registration',
  business_name_registration: 'Business name registration',
  business_name_renewal: 'Business name renewal',
  business_account: 'Business account',
};

/** A request kind in words (`form484` reads `Form 484`). */
export function kindName(kind: string): string {
  return KIND_NAMES[kind] ?? kind.replace(/_/g, ' ');
}

/** A lodgement named for people: `Form 484, request 12`. */
export function lodgementName(kind: string, requestId: number): string {
  return `${kindName(kind)}, request ${requestId}`;
}
