// Runs `scripts/contract.ts` (what `npm run contract` runs) as a child process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[]): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    // Asynchronous on purpose: the server answering the CLI runs in the test's own process.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/contract.ts', ...args], { cwd: join(import.meta.dirname, '../..') });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
