// The library API of svc-contract (package.json `exports`): what the service's conformance feature and
// the repository's scripts use by the package's name. The command line is src/bin.ts.
export { runContract, type Cell, type OperationStatus, type OperationSummary, type RunOptions, type RunResult } from './runner.js';
export { listOperations, loadDocument } from './document.js';
export { CHECK_NEEDS, checksLacking, type CheckNeed, type CheckRequirement } from './check-needs.js';
export { CHECKS, type CheckName, type Failure, type JsonObject, type OperationInfo, type Phase, type Skip } from './types.js';
export { formatReport, unprovenSkips } from './report.js';
export { PreflightError } from './preflight.js';
export { conformanceVerdict, contractMarkdown, type ContractMarkdownOptions } from './report-md.js';
export { toJunit } from './junit.js';
export { isContractResultFile, RESULT_FORMAT, type ContractResultFile } from './result-file.js';
export { contractMain, type CliSetting, type StartedServer } from './main.js';
export {
  anyHostileRequest,
  ERROR_ANSWER_MAX_BYTES,
  HOSTILE_KINDS,
  hostileBodyBytes,
  hostileRequests,
  longestEcho,
  PROTOTYPE_NAMES,
  type HostileBase,
  type HostileKind,
  type HostileRequest,
} from './hostile.js';
export { documentForToday, examplesDateOf, shiftDocumentExamples } from './example-dates.js';
