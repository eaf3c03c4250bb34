// The run's result as a file (`--json-out`): what `npm run report` turns into the pull request's
// Markdown, written by the in-repository runner and the installed `svc-contract` alike, so the two
// can be compared field by field.
import type { RunResult } from './runner.js';

export const RESULT_FORMAT = 'svc-contract-result/1';

export interface ContractResultFile {
  format: typeof RESULT_FORMAT;
  /** As given on the command line (keys are never written). */
  baseUrl: string;
  /** The document as the user named it (a path or URL), or where the default came from. */
  spec: string;
  /** `info.version` of that document. */
  documentVersion?: string;
  result: RunResult;
}

export function isContractResultFile(value: unknown): value is ContractResultFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<ContractResultFile>;
  return file.format === RESULT_FORMAT && typeof file.baseUrl === 'string' && typeof file.result === 'object' && file.result !== null;
}
