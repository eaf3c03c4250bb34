// The `--help` texts, from the command table: every flag's line comes from the document.
import type { CommandSpec, FlagSpec } from './command-spec.js';
import { DEFAULT_BASE_URL } from './config.js';

export const GLOBAL_HELP = [
  ['--api-key KEY', "the account's secret test key (or SVC_API_KEY)"],
  ['--base-url URL', `the service (or SVC_BASE_URL; default ${DEFAULT_BASE_URL}; an origin alone means its /api/test/v2)`],
  ['--json', 'print answers as one JSON document per line'],
  ['-h, --help', 'this help'],
] as const;

function table(rows: readonly (readonly [string, string])[]): string {
  const width = Math.min(34, Math.max(...rows.map(([left]) => left.length)));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join('\n');
}

function flagLeft(flag: FlagSpec): string {
  const choices = flag.enum?.join('|');
  const value =
    flag.type === 'boolean'
      ? 'true|false'
      : choices && choices.length <= 30
        ? choices
        : flag.type === 'string'
          ? 'TEXT'
          : flag.type.toUpperCase();
  return `--${flag.flag} ${flag.array ? `${value}[,...]` : value}`;
}

function flagRight(flag: FlagSpec): string {
  const where = flag.in === 'body' ? 'body field' : `${flag.in} parameter`;
  const choices = flag.enum && flag.enum.join('|').length > 30 ? ` One of: ${flag.enum.join(', ')}.` : '';
  return `${flag.required ? '(required) ' : ''}${flag.description || `the ${where} ${flag.name}`}${choices}`;
}

export function commandHelp(command: CommandSpec): string {
  const rows: [string, string][] = command.flags.map((flag) => [flagLeft(flag), flagRight(flag)]);
  if (command.body !== 'none')
    rows.push([
      '-d, --data JSON|@FILE|-',
      `the whole JSON body${command.body === 'required' ? ' (required)' : ''}: inline, from a file, or - for stdin; flags override its fields`,
    ]);
  if (command.idempotencyKey !== 'none')
    rows.push([
      '--idempotency-key KEY',
      command.idempotencyKey === 'required'
        ? '(required) the Idempotency-Key; made for you when not given'
        : 'the Idempotency-Key header; a new one is made when not given',
    ]);
  return [
    `svc ${command.resource} ${command.action}: ${command.summary}`,
    '',
    `  ${command.method.toUpperCase()} ${command.path}  (operation ${command.operationId}${command.testOnly ? ', test environment only' : ''})`,
    '',
    'Flags:',
    rows.length > 0 ? table(rows) : '  (none)',
    '',
    'Global flags:',
    table(GLOBAL_HELP),
    '',
  ].join('\n');
}

export function resourceHelp(resource: string, commands: readonly CommandSpec[]): string {
  return [
    `svc ${resource} <action>`,
    '',
    'Actions:',
    table(commands.map((command) => [command.action, command.summary])),
    '',
    `Run svc ${resource} <action> --help for an action's flags.`,
    '',
  ].join('\n');
}

export function mainHelp(commands: readonly CommandSpec[]): string {
  const resources = new Map<string, string[]>();
  for (const command of commands) resources.set(command.resource, [...(resources.get(command.resource) ?? []), command.action]);
  return [
    'svc: the Registry service from the command line',
    '',
    'Usage: svc <command> [flags]',
    '',
    'Your laptop (test environment):',
    table([
      ['listen --forward-to URL', "forward the sandbox's webhooks to a local URL, signed"],
      ['trigger EVENT-TYPE', 'make the sandbox send an event of that type'],
      ['logs tail', "follow your account's request log"],
    ]),
    '',
    'Resources (svc <resource> <action>, one per operation of the API):',
    table([...resources].map(([resource, actions]) => [resource, actions.join(', ')])),
    '',
    'Global flags:',
    table(GLOBAL_HELP),
    '',
    'Exit codes: 0 done, 1 the service answered an error or could not be reached, 2 bad input.',
    '',
  ].join('\n');
}
