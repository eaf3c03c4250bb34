// A generated command's request from its flags and `--data`, checked by the SDK's Zod validators
// before anything is sent. Refusals are worded as the service words them (its Zod-issue mapping,
// D-10), with the flag that sets the field, so what the CLI refuses reads like the 422 it saves.
import { readFile } from 'node:fs/promises';
import type { ZodType } from 'zod';
import * as validators from '@registry-svc/sdk/zod';
import { problemsFromZod } from '../../../server/domain/zod-problems.js';
import type { CommandSpec, FlagPlace } from './command-spec.js';
import { flagValue } from './flags.js';
import { UsageError, type Io } from './io.js';

export interface OperationInput {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** `--data`: inline JSON, `@file.json`, or `-` for standard input. */
async function dataOf(text: string, io: Io): Promise<unknown> {
  let source: string;
  let label: string;
  if (text === '-') [source, label] = [await io.readStdin(), 'standard input'];
  else if (text.startsWith('@')) {
    label = text.slice(1);
    source = await readFile(label, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`--data ${text}: cannot read ${label} (${error.code ?? error.message})`);
    });
  } else [source, label] = [text, 'the --data value'];
  try {
    return JSON.parse(source) as unknown;
  } catch (error) {
    throw new UsageError(`--data: ${label} is not JSON (${(error as Error).message})`);
  }
}

export async function inputOf(command: CommandSpec, values: FlagValues, io: Io): Promise<OperationInput> {
  const parts: Record<FlagPlace, Record<string, unknown>> = { path: {}, query: {}, body: {} };
  for (const flag of command.flags) {
    const raw = values[flag.flag];
    if (raw !== undefined) parts[flag.in][flag.name] = flagValue(flag, raw);
  }
  const input: OperationInput = {};
  if (command.flags.some((flag) => flag.in === 'path')) input.path = parts.path;
  if (Object.keys(parts.query).length > 0) input.query = parts.query;
  if (command.body !== 'none') {
    const data = typeof values.data === 'string' ? await dataOf(values.data, io) : undefined;
    const hasFlags = Object.keys(parts.body).length > 0;
    if (hasFlags && data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data)))
      throw new UsageError('--data must be a JSON object when body fields are given as flags too');
    // Flags override the same fields of --data; a required body given neither is `{}`, which the
    // validator then reports field by field.
    if (hasFlags) input.body = { ...(data as object | undefined), ...parts.body };
    else if (data !== undefined) input.body = data;
    else if (command.body === 'required') input.body = {};
  }
  return input;
}

type Issue = Parameters<typeof problemsFromZod>[0][number];

/**
 * A pattern the SDK's validator states as a plain regex, worded as the service's structural check
 * words it (`Must match ^...$.`, http/ajv-problems.ts); the service's own name patterns keep theirs.
 */
function asDocumentWords(issue: Issue): Issue {
  if (issue.code !== 'invalid_format' || issue.format !== 'regex' || !('pattern' in issue) || !issue.message.startsWith('Invalid string'))
    return issue;
  return { ...issue, message: `Must match ${String(issue.pattern).replace(/^\/|\/[a-z]*$/g, '')}.` };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * A value that fits none of a oneOf's alternatives, reported as the service reports it: the
 * problems of the alternative it comes closest to (fewest problems, the first of equals;
 * http/ajv-problems.ts `pickBranches`), at their full paths, a missing field as missing.
 */
function oneBranch(issue: Issue, root: unknown): Issue[] {
  if (issue.code !== 'invalid_union' || !('errors' in issue) || issue.errors.length === 0) return [issue];
  const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest.flatMap((nested) => {
    const path = [...issue.path, ...nested.path];
    const missing = !('input' in nested) && valueAt(root, path) === undefined;
    return oneBranch({ ...nested, path, ...(missing ? { input: undefined } : {}) } as Issue, root);
  });
}

export interface InputProblem {
  /** The field as the service names it: `vin`, `requestId`, `entities.0.acn`. */
  field: string;
  /** The flag that sets it, when one does. */
  flag?: string;
  code: string;
  message: string;
}

/** Top-level body fields the document does not have, refused as the service refuses them (D-10). */
function unknownFields(command: CommandSpec, body: unknown): InputProblem[] {
  if (!command.closedBody || body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body)
    .filter((field) => !command.closedBody!.includes(field))
    .map((field) => ({ field, code: 'unknown_field', message: 'Unknown field.' }));
}

/** What the SDK's validators refuse in each part, worded as the service words it. */
export function problemsOf(command: CommandSpec, input: OperationInput): InputProblem[] {
  const found: InputProblem[] = [];
  for (const place of ['path', 'query', 'body'] as const) {
    const name = command.validators[place];
    if (name === undefined) continue;
    const schema = (validators as unknown as Record<string, ZodType | undefined>)[name];
    if (!schema) throw new Error(`the SDK has no validator ${name}`);
    const value = input[place] ?? (place === 'body' ? undefined : {});
    const result = schema.safeParse(value, { reportInput: true });
    if (place === 'body') found.push(...unknownFields(command, value));
    if (result.success) continue;
    const issues = result.error.issues.flatMap((issue) => oneBranch(issue, value));
    for (const [field, problems] of Object.entries(problemsFromZod(issues.map(asDocumentWords), place))) {
      const flag = command.flags.find((f) => f.in === place && f.name === field)?.flag;
      for (const { code, message } of problems) found.push({ field, ...(flag ? { flag } : {}), code, message });
    }
  }
  return found;
}

/** The SDK's validators of each part; a refused input is a one-line UsageError. */
export function validate(command: CommandSpec, input: OperationInput): void {
  const lines = problemsOf(command, input).map(
    ({ field, flag, code, message }) => `${field}${flag ? ` (--${flag})` : ''}: ${message} [${code}]`,
  );
  if (lines.length > 0) throw new UsageError(`invalid request: ${lines.join('; ')}`);
}
