// npm run test:quick: the loop a contributor runs while editing, well under the whole suite. It runs
// the unit project and the integration files of the resources the working change touches (against
// origin/main, or HEAD where there is none), one module graph per worker (--isolate=false), so a
// change to PPSR runs test/integration/ppsr/ and not the other ten folders. Name resources to pick
// them yourself: `npm run test:quick -- ppsr webhooks`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const INTEGRATION = 'test/integration';

/** Source folders whose name differs from their integration folder's. */
const ALIASES: Record<string, string> = {
  'register-edits': 'register',
  registers: 'register',
  admin: 'register',
  'webhook-deliveries': 'webhooks',
  delivery: 'webhooks',
  documents: 'form484',
  conformance: 'console',
  keys: 'core',
  accounts: 'core',
};

/** Code every operation goes through: a change there runs the smoke test and the shared security suite. */
const SHARED = /^(server\/(http|store|jobs|app\.ts|deps\.ts|main\.ts)|schemas\/(common|operations\.ts|registry\.ts))/;
const SHARED_FILES = [`${INTEGRATION}/core/smoke.happy.test.ts`, `${INTEGRATION}/security/every-operation.security.test.ts`];

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

function changedFiles(): string[] {
  let base = 'HEAD';
  try {
    base = git('merge-base', 'HEAD', 'origin/main');
  } catch {
    // No origin/main (a fresh local repository): the uncommitted change is what is being worked on.
  }
  const committed = base === git('rev-parse', 'HEAD') ? [] : git('diff', '--name-only', base, 'HEAD').split('\n');
  const uncommitted = git('diff', '--name-only', 'HEAD').split('\n');
  const untracked = git('ls-files', '--others', '--exclude-standard').split('\n');
  return [...new Set([...committed, ...uncommitted, ...untracked])].filter(Boolean);
}

/** The integration folder a changed file belongs to, if any. */
function resourceOf(file: string): string | undefined {
  const match = /^(?:server\/domain|server\/routes|server\/registers|server|schemas|test\/integration)\/([^/.]+)/.exec(file);
  if (!match) return undefined;
  const name = ALIASES[match[1]!] ?? match[1]!;
  return existsSync(`${INTEGRATION}/${name}`) ? name : undefined;
}

const folders = new Set(readdirSync(INTEGRATION));
const named = process.argv.slice(2);
const unknown = named.filter((name) => !folders.has(name));
if (unknown.length > 0) {
  console.error(`No folder ${unknown.map((name) => `${INTEGRATION}/${name}`).join(', ')}; resources: ${[...folders].join(', ')}.`);
  process.exit(2);
}
const changed = named.length > 0 ? [] : changedFiles();
const resources = new Set(named.length > 0 ? named : changed.map(resourceOf).filter((name): name is string => name !== undefined));
const targets = [...resources].sort().map((name) => `${INTEGRATION}/${name}`);
if (changed.some((file) => SHARED.test(file))) targets.push(...SHARED_FILES.filter((file) => !resources.has(file.split('/')[2]!)));

console.log(
  targets.length > 0
    ? `test:quick: unit + ${targets.join(' ')}`
    : 'test:quick: unit only (the change touches no resource; name one: npm run test:quick -- ppsr)',
);
const run = spawnSync('npx', ['vitest', 'run', '--isolate=false', '--project', 'unit', '--project', 'integration', ...unitAnd(targets)], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);

/** Vitest filters by path across the projects named, so the unit folder is named beside the targets. */
function unitAnd(paths: string[]): string[] {
  return paths.length > 0 ? ['test/unit', ...paths] : ['test/unit'];
}
