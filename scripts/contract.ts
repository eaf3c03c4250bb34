// npm run contract: property-based contract checks of a running API against spec/openapi.json
// (library in test/contract/lib/). Exit status 0 when nothing failed (pending operations allowed),
// 1 on any check failure, 2 when the run itself could not be made.
import { writeFile } from 'node:fs/promises';
import { parseContractArgs, USAGE } from '../test/contract/lib/args.js';
import { toJunit } from '../test/contract/lib/junit.js';
import { formatReport } from '../test/contract/lib/report.js';
import { runContract } from '../test/contract/lib/runner.js';

async function main(): Promise<number> {
  const args = parseContractArgs(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  let close: (() => Promise<void>) | undefined;
  let baseUrl = args.baseUrl;
  let adminToken = args.adminToken;
  if (!baseUrl) {
    if (!args.inProcess) {
      console.error(`--base-url is required (or --in-process)\n\n${USAGE}`);
      return 2;
    }
    // Loaded only here: it pulls in the whole server.
    const { startContractServer } = await import('../test/contract/lib/in-process.js');
    const started = await startContractServer();
    baseUrl = started.baseUrl;
    adminToken = started.adminToken;
    close = started.close;
    console.log(`in-process server at ${baseUrl}`);
  }
  try {
    const result = await runContract({
      baseUrl,
      ...(args.key ? { key: args.key } : {}),
      ...(adminToken ? { adminToken } : {}),
      seed: args.seed,
      maxExamples: args.maxExamples,
      maxCoverage: args.maxCoverage,
      maxBoundaryLength: args.maxBoundaryLength,
      operations: args.operations,
      phases: args.phases,
      ...(args.spec ? { specPath: args.spec } : {}),
      allowRemote: args.allowRemote,
      maxWaitSeconds: args.maxWaitSeconds,
    });
    if (args.junit) await writeFile(args.junit, toJunit(result));
    for (const line of formatReport(result)) console.log(line);
    return result.failures.length > 0 ? 1 : 0;
  } finally {
    await close?.();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`contract run failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
