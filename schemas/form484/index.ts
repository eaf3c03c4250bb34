// Form 484 (spec 2.5, 4.6): the public surface of this folder for the registry and the server.
import { operationIdsOf } from '../common/operation-collection.js';
import * as definitions from './paths.js';

export * from './paths.js';
/** The Form 484 operationIds, read from their definitions. */
export const FORM484_OPERATIONS = operationIdsOf(definitions);
export { Form484Request } from './request.js';
export { checkForm484, validateForm484, type ValidateForm484Options } from './validate.js';
export { FORM484_ERROR_CODES, type Form484ErrorCode, type Form484Problem } from './problems.js';
export { FORM484_RULES, type Form484Rule, type RuleContext } from './rules.js';
export { structuralProblems } from './structural.js';
export { FORM484_STATUSES, Form484LodgementResponse, Form484Status, Form484StatusResponse, type Form484StatusValue } from './responses.js';
export { FORM484_REQUEST_EXAMPLES } from './examples.js';
export { FORM484_EVENT, FORM484_INTERACTION, FORM484_NOTIFIABLE_STATUSES, Form484StatusEvent } from './events.js';
