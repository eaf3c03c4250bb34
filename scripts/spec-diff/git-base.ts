// Reads the document as it was at a git ref. A ref that predates the document is not an error:
// there is nothing to break yet, so the gate passes and says so.
import { execFileSync } from 'node:child_process';
import type { OpenApiDocument } from './types.js';

export type BaseDocument = { kind: 'found'; commit: string; document: OpenApiDocument } | { kind: 'missing'; commit: string };

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

export class UnknownRefError extends Error {}

export function readDocumentAtRef(ref: string, file: string, cwd: string): BaseDocument {
  let commit: string;
  try {
    commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd).trim();
  } catch {
    throw new UnknownRefError(`git cannot resolve the base ref "${ref}".`);
  }
  let text: string;
  try {
    text = git(['show', `${commit}:${file}`], cwd);
  } catch {
    // `git show` fails this way only when the path is absent from that commit's tree.
    return { kind: 'missing', commit };
  }
  return { kind: 'found', commit, document: JSON.parse(text) as OpenApiDocument };
}
