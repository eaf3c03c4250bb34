// The command line of the contract runner, shared by `npm run contract` (scripts/contract/cli.ts in
// the service's repository) and the installed `svc-contract` (src/bin.ts, bundled by `npm pack`).
// Exit status 0 when nothing failed (pending operations allowed), 1 on any check failure, 2 when the
// run itself could not be made.
import { writeFile } from 'node:fs/promises';
import { parseContractArgs, usage, type ContractArgs } from './args.js';
import { loadDocument } from './document.js';
import { toJunit } from './junit.js';
import { PreflightError } from './preflight.js';
import { formatReport, unprovenSkips } from './report.js';
import { contractMarkdown } from './report-md.js';
import { RESULT_FORMAT, type ContractResultFile } from './result-file.js';
import { runContract, type RunResult } from './runner.js';

export interface StartedServer {
  baseUrl: string;
  adminToken: string;
  close: () => Promise<void>;
}

export interface CliSetting {
  /** How the runner was started, for the usage text: `npm run contract --` or `svc-contract`. */
  program: string;
  /** The document used without --spec. */
  defaultSpec: string;
  /** How the default document is named in reports. */
  defaultSpecLabel: string;
  /** Only in this repository: the app in this process (it pulls in the whole server). */
  startInProcess?: () => Promise<StartedServer>;
}

async function target(args: ContractArgs, setting: CliSetting): Promise<StartedServer | undefined> {
  if (args.baseUrl) return undefined;
  if (!args.inProcess || !setting.startInProcess) return undefined;
  return setting.startInProcess();
}

function documentVersion(document: Record<string, unknown>): string | undefined {
  const info = document.info as { version?: unknown } | undefined;
  return typeof info?.version === 'string' ? info.version : undefined;
}

async function run(args: ContractArgs, setting: CliSetting): Promise<number> {
  if (!args.baseUrl && !(args.inProcess && setting.startInProcess)) {
    const hint = setting.startInProcess ? ' (or --in-process)' : '';
    console.error(`--base-url is required${hint}\n\n${usage(setting.program, Boolean(setting.startInProcess))}`);
    return 2;
  }
  // With a Markdown report on standard output, progress goes to standard error: `> report.md` works.
  const log = args.report === 'md' ? (line: string) => console.error(line) : (line: string) => console.log(line);
  const started = await target(args, setting);
  if (started) log(`in-process server at ${started.baseUrl}`);
  const baseUrl = started?.baseUrl ?? args.baseUrl!;
  const adminToken = started?.adminToken ?? args.adminToken;
  try {
    const document = await loadDocument(args.spec ?? setting.defaultSpec);
    const result = await runContract({
      baseUrl,
      ...(args.key ? { key: args.key } : {}),
      ...(args.otherKey ? { otherKey: args.otherKey } : {}),
      ...(adminToken ? { adminToken } : {}),
      seed: args.seed,
      maxExamples: args.maxExamples,
      maxCoverage: args.maxCoverage,
      maxBoundaryLength: args.maxBoundaryLength,
      operations: args.operations,
      phases: args.phases,
      document,
      allowRemote: args.allowRemote,
      mock: args.mock,
      maxWaitSeconds: args.maxWaitSeconds,
      ...(args.maxResponseTimeMs !== undefined ? { maxResponseTimeMs: args.maxResponseTimeMs } : {}),
      log,
    });
    const version = documentVersion(document);
    const file: ContractResultFile = {
      format: RESULT_FORMAT,
      baseUrl,
      spec: args.spec ?? setting.defaultSpecLabel,
      ...(version ? { documentVersion: version } : {}),
      result,
    };
    if (args.junit) await writeFile(args.junit, toJunit(result));
    if (args.jsonOut) await writeFile(args.jsonOut, `${JSON.stringify(file, null, 2)}\n`);
    const markdown = `${contractMarkdown(file).join('\n')}\n`;
    if (args.mdOut) await writeFile(args.mdOut, markdown);
    if (args.report === 'md') process.stdout.write(markdown);
    else for (const line of formatReport(result)) console.log(line);
    return verdict(result, args.strict, (line) => console.error(line));
  } finally {
    await started?.close();
  }
}

/**
 * 1 when a check failed, an operation never reached a success, or (strict) a check could not run;
 * the last line says which, so a CI log read from the bottom shows why.
 */
function verdict(result: RunResult, strict: boolean, log: (line: string) => void): number {
  const reasons: string[] = [];
  if (result.failures.length > 0) reasons.push(`${result.failures.length} failure(s)`);
  const unreached = result.unreached ?? [];
  if (unreached.length > 0)
    reasons.push(`${unreached.length} operation(s) never reached a success: ${unreached.map((u) => u.id).join(', ')}`);
  const unproven = unprovenSkips(result);
  if (strict && unproven.length > 0) reasons.push(`${unproven.length} check(s) skipped (--strict; --no-strict to allow)`);
  if (reasons.length === 0) return 0;
  log(`exit 1: ${reasons.join('; ')}`);
  return 1;
}

export async function contractMain(argv: string[], setting: CliSetting): Promise<number> {
  let args: ContractArgs;
  try {
    args = parseContractArgs(argv);
  } catch (error) {
    console.error(
      `${error instanceof Error ? error.message : String(error)}\n\n${usage(setting.program, Boolean(setting.startInProcess))}`,
    );
    return 2;
  }
  if (args.help) {
    console.log(usage(setting.program, Boolean(setting.startInProcess)));
    return 0;
  }
  if (args.inProcess && !setting.startInProcess) {
    console.error('--in-process needs this repository (npm run contract -- --in-process): point --base-url at a running server');
    return 2;
  }
  try {
    return await run(args, setting);
  } catch (error) {
    // A set-up mistake found by the preflight is its own one line (preflight.ts).
    if (error instanceof PreflightError) console.error(error.message);
    else console.error(`contract run failed: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
