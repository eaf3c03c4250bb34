// `npm run generate`: the CLI's command table (generated/cli/commands.ts) from the public document,
// one command per operation (D-82): `svc <resource> <action>`, where the action is the operationId's
// leading verb and the resource the rest, kebab-cased with its last word singular
// (`listMonitoringEntities` -> `svc monitoring-entity list`). Flags come from the path and query
// parameters and the body's top-level scalar fields (of every alternative of a oneOf body); a whole
// body is `--data`. The SDK's Zod validators of each part are named by what the SDK's zod.gen.ts exports.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CommandSpec, FlagSpec, FlagType } from '../packages/cli/src/command-spec.js';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  additionalProperties?: boolean | Schema;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
  'x-test-only'?: boolean;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function resolve<T extends { $ref?: string }>(document: Document, value: T): T {
  let current: T = value;
  for (let depth = 0; current.$ref !== undefined && depth < 20; depth++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as T;
  }
  return current;
}

const kebab = (text: string): string => text.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(word)) return word;
  return word.replace(/s$/, '');
}

/** `listMonitoringEntities` -> [`monitoring-entity`, `list`]. */
export function commandName(operationId: string): { resource: string; action: string } {
  const match = /^([a-z]+)([A-Z0-9].*)$/.exec(operationId);
  if (!match) throw new Error(`operationId ${operationId} has no verb and noun`);
  const words = kebab(match[2]!).split('-');
  words[words.length - 1] = singular(words[words.length - 1]!);
  return { resource: words.join('-'), action: match[1]! };
}

function firstSentence(text: string | undefined): string {
  if (!text) return '';
  const paragraph = text
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ');
  const sentence = /^(.*?[.!?])(\s|$)/.exec(paragraph);
  return (sentence ? sentence[1]! : paragraph).slice(0, 160);
}

/** A schema's scalar type, or undefined for objects, nested arrays and mixed types. */
function scalarOf(document: Document, raw: Schema): { type: FlagType; enum?: string[] } | undefined {
  const schema = resolve(document, raw);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // Alternatives of one scalar type (an event id or a date-time, both strings) read as that type.
    const scalars = alternatives
      .map((alt) => resolve(document, alt))
      .filter((alt) => alt.type !== 'null')
      .map((alt) => scalarOf(document, alt));
    const types = new Set(scalars.map((scalar) => scalar?.type));
    return types.size === 1 && scalars[0] ? { type: scalars[0].type } : undefined;
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== 'null');
  if (types.length !== 1) return undefined;
  const type = types[0];
  if (type !== 'string' && type !== 'integer' && type !== 'number' && type !== 'boolean') return undefined;
  const values = schema.enum?.filter((value): value is string => typeof value === 'string');
  return values && values.length > 0 ? { type, enum: values } : { type };
}

function flagOf(
  document: Document,
  name: string,
  place: FlagSpec['in'],
  raw: Schema,
  required: boolean,
  description?: string,
): FlagSpec | undefined {
  const schema = resolve(document, raw);
  const array = schema.type === 'array' && schema.items !== undefined;
  const scalar = scalarOf(document, array ? schema.items! : schema);
  if (!scalar) return undefined;
  const flag: FlagSpec = {
    flag: kebab(name),
    name,
    in: place,
    type: scalar.type,
    array,
    required,
    description: firstSentence(description ?? schema.description ?? resolve(document, array ? schema.items! : schema).description),
  };
  if (scalar.enum) flag.enum = scalar.enum;
  return flag;
}

/** The body's top-level scalar fields, over every alternative of a oneOf/anyOf body. */
function bodyFlags(document: Document, raw: Schema): FlagSpec[] {
  const schema = resolve(document, raw);
  const alternatives = (schema.oneOf ?? schema.anyOf ?? [schema]).map((alt) => resolve(document, alt));
  const flags = new Map<string, FlagSpec>();
  for (const alternative of alternatives)
    for (const [name, property] of Object.entries(alternative.properties ?? {})) {
      const inEvery = alternatives.every((alt) => (alt.required ?? []).includes(name));
      const flag = flagOf(document, name, 'body', property, inEvery);
      if (!flag) continue;
      const seen = flags.get(name);
      // The same field in several alternatives (PPSR alerts' organisationNumberType): their values together.
      if (seen?.enum && flag.enum) flag.enum = [...new Set([...seen.enum, ...flag.enum])];
      flags.set(name, flag);
    }
  return [...flags.values()];
}

/** The body's top-level field names when every alternative is closed (`additionalProperties: false`). */
function closedFields(document: Document, raw: Schema): string[] | undefined {
  const schema = resolve(document, raw);
  const alternatives = (schema.oneOf ?? schema.anyOf ?? [schema]).map((alt) => resolve(document, alt));
  if (!alternatives.every((alt) => alt.type === 'object' && alt.additionalProperties === false && alt.properties)) return undefined;
  return [...new Set(alternatives.flatMap((alt) => Object.keys(alt.properties!)))];
}

export function commandsOf(document: Document, zodExports: ReadonlySet<string>): CommandSpec[] {
  const commands: CommandSpec[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const operationId = operation.operationId;
      const parameters = (operation.parameters ?? []).map((p) => resolve(document, p));
      const flags: FlagSpec[] = [];
      for (const parameter of parameters) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        const flag = flagOf(
          document,
          parameter.name,
          parameter.in,
          parameter.schema ?? {},
          parameter.required === true,
          parameter.description,
        );
        if (!flag) throw new Error(`${operationId}: parameter ${parameter.name} is not a scalar or a list of scalars`);
        flags.push(flag);
      }
      const requestBody = operation.requestBody ? resolve(document, operation.requestBody) : undefined;
      const bodySchema = requestBody?.content?.['application/json']?.schema;
      if (bodySchema) flags.push(...bodyFlags(document, bodySchema));
      const seen = new Set<string>();
      for (const flag of flags) {
        if (seen.has(flag.flag)) throw new Error(`${operationId}: two inputs make the flag --${flag.flag}`);
        seen.add(flag.flag);
      }
      const idempotency = parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      const pascal = operationId[0]!.toUpperCase() + operationId.slice(1);
      const validators: CommandSpec['validators'] = {};
      for (const part of ['Path', 'Query', 'Body'] as const)
        if (zodExports.has(`z${pascal}${part}`)) validators[part.toLowerCase() as 'path' | 'query' | 'body'] = `z${pascal}${part}`;
      commands.push({
        ...commandName(operationId),
        operationId,
        method,
        path,
        summary: operation.summary ?? '',
        testOnly: operation['x-test-only'] === true,
        idempotencyKey: idempotency ? (idempotency.required ? 'required' : 'optional') : 'none',
        body: bodySchema ? (requestBody?.required ? 'required' : 'optional') : 'none',
        flags,
        ...(bodySchema && closedFields(document, bodySchema) ? { closedBody: closedFields(document, bodySchema) } : {}),
        validators,
      });
    }
  const names = new Map<string, string>();
  for (const command of commands) {
    const name = `${command.resource} ${command.action}`;
    const other = names.get(name);
    if (other) throw new Error(`${other} and ${command.operationId} both make the command svc ${name}`);
    names.set(name, command.operationId);
  }
  return commands.sort((a, b) => a.resource.localeCompare(b.resource) || a.action.localeCompare(b.action));
}

/** Writes the command table of `documentFile` to `outFile`, with the SDK's validator names from `zodFile`. */
export async function writeCliCommands(documentFile: string, zodFile: string, outFile: string): Promise<void> {
  const document = JSON.parse(await readFile(documentFile, 'utf8')) as Document;
  const zodExports = new Set([...(await readFile(zodFile, 'utf8')).matchAll(/^export const (z\w+)/gm)].map((m) => m[1]!));
  const commands = commandsOf(document, zodExports);
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(
    outFile,
    [
      '// Written by `npm run generate` (scripts/cli-commands.ts) from spec/openapi.json: one command per operation.',
      "import type { CommandSpec } from '../../packages/cli/src/command-spec.js';",
      '',
      `export const COMMANDS: readonly CommandSpec[] = ${JSON.stringify(commands, null, 2)};`,
      '',
    ].join('\n'),
  );
}
