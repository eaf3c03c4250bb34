// Runs `scripts/contract/cli.ts` (what `npm run contract` runs), or another of the repository's
// command-line scripts, as a child process through tsx.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

const ROOT = join(import.meta.dirname, '../..');

/** `script` relative to the repository root, e.g. scripts/spec-diff/cli.ts. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: the server answering the CLI runs in the test's own process.
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

export function runCli(args: string[]): Promise<CliOutcome> {
  return runScript('scripts/contract/cli.ts', args);
}
