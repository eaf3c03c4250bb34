// A generated command's flags as `util.parseArgs` options, and their text read as the JSON types the
// document gives them. A value that does not read as its type is passed on as text, so the SDK's
// validator refuses it in the server's words (`Must be of type integer.`) rather than the CLI in its own.
import type { ParseArgsConfig } from 'node:util';
import type { CommandSpec, FlagSpec } from './command-spec.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** The options every command takes. */
export const GLOBAL_OPTIONS = {
  'api-key': { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

export function commandOptions(command: CommandSpec): Options {
  const options: Options = { ...GLOBAL_OPTIONS };
  // Booleans take `true` or `false` (`--enabled false`): Node 20's parseArgs has no `--no-` form.
  for (const flag of command.flags) options[flag.flag] = { type: 'string', multiple: flag.array };
  if (command.body !== 'none') options.data = { type: 'string', short: 'd' };
  if (command.idempotencyKey !== 'none') options['idempotency-key'] = { type: 'string' };
  return options;
}

function scalar(flag: FlagSpec, text: string): unknown {
  switch (flag.type) {
    case 'integer':
      return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    default:
      return text;
  }
}

/** The flag's value as JSON: a list flag's repeats and comma-separated items in one array. */
export function flagValue(flag: FlagSpec, raw: string | boolean | (string | boolean)[]): unknown {
  const texts = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (!flag.array) return scalar(flag, texts[texts.length - 1]!);
  return texts
    .flatMap((text) => text.split(','))
    .filter((item) => item !== '')
    .map((item) => scalar(flag, item));
}
