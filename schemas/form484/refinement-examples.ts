// One body per Form 484 rule that JSON Schema cannot carry (rules.ts), each breaking exactly that
// rule of a valid example, published as `x-refinement-examples` so a contract runner can check the
// server refuses it with the rule's code. Dates that must be "not after today" use 2999, so each
// example breaks its rule whatever the service clock says. Each example is run through its own rule
// here: an example that no longer breaks it fails the document build.
import type { RefinementExample } from '../common/semantic-rules.js';
import { EXAMPLES_TODAY, officeHolderAppointment, registeredOfficeChange, shareIssue } from './examples.js';
import type { Form484ErrorCode } from './problems.js';
import { lazily } from '../common/lazily.js';
import { FORM484_RULES, type Form484Rule } from './rules.js';

const FAR_FUTURE = '2999-01-01';
const [officer] = officeHolderAppointment.officeHolders ?? [];
const [firstMember, secondMember] = shareIssue.members ?? [];
const [structure] = shareIssue.shareStructure ?? [];
if (!officer || !firstMember || !secondMember || !structure) throw new Error('the Form 484 examples changed: revisit the rule examples');

function example(rule: Form484Rule, summary: string, body: unknown, code: Form484ErrorCode): RefinementExample {
  const codes = rule(body, { today: EXAMPLES_TODAY }).map((p) => p.code);
  if (!codes.includes(code)) throw new Error(`Form 484 rule example "${summary}" does not break ${rule.name} with ${code}`);
  return { rule: rule.name, summary, body, status: 422, code };
}

/** The body without one of its sections (absent, not null). */
function withoutKey(body: object, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));
}

const byName = new Map(FORM484_RULES.map((rule) => [rule.name, rule]));
function rule(name: string): Form484Rule {
  const found = byName.get(name);
  if (!found) throw new Error(`no Form 484 rule named ${name}`);
  return found;
}

export const FORM484_RULE_NAMES: readonly string[] = FORM484_RULES.map((r) => r.name);

/** The rule examples of createForm484Lodgement, made when first asked for (../common/lazily.ts). */
export const form484RefinementExamples = lazily((): readonly RefinementExample[] => [
  example(
    rule('checkSignatureDate'),
    'Signed after today',
    { ...registeredOfficeChange, signature: { ...registeredOfficeChange.signature, date: FAR_FUTURE } },
    'date_out_of_window',
  ),
  example(
    rule('checkDatesNotInFuture'),
    'Registered office changed after today',
    { ...registeredOfficeChange, registeredOffice: { ...registeredOfficeChange.registeredOffice, dateOfChange: FAR_FUTURE } },
    'date_in_future',
  ),
  example(
    rule('checkOccupier'),
    'Office not occupied by the company, no occupier named',
    { ...registeredOfficeChange, registeredOffice: { ...registeredOfficeChange.registeredOffice, occupyIndicator: false } },
    'required',
  ),
  example(
    rule('checkOfficerAge'),
    'Office holder under 18',
    { ...officeHolderAppointment, officeHolders: [{ ...officer, birthDetails: { ...officer.birthDetails, date: FAR_FUTURE } }] },
    'under_18',
  ),
  example(
    rule('checkAddresses'),
    'Australian office holder address without state',
    {
      ...officeHolderAppointment,
      officeHolders: [{ ...officer, address: { street: '12 RIVER TERRACE', locality: 'KANGAROO POINT', postcode: '4169', country: 'AU' } }],
    },
    'required',
  ),
  example(rule('checkShareSections'), 'Share issue without its members', withoutKey(shareIssue, 'members'), 'section_required'),
  example(
    rule('checkMemberShareClasses'),
    'Member of a class the share structure does not list',
    { ...shareIssue, members: [firstMember, { ...secondMember, shareClass: 'PRF' }] },
    'unknown_share_class',
  ),
  example(
    rule('checkV455'),
    'Class total differs from the sum of the members (V455)',
    { ...shareIssue, shareStructure: [{ ...structure, numberIssued: 1200 }] },
    'sum_mismatch_v455',
  ),
  example(
    rule('checkHoldingOwnerKind'),
    'Holding owner neither a person nor an organisation',
    { ...shareIssue, members: [firstMember, { ...secondMember, holdingOwners: [{ address: secondMember.holdingOwners[0]?.address }] }] },
    'required',
  ),
]);
