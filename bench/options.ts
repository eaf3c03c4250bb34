// The command-line options of a benchmark: `--help` lists them with their defaults, and an unknown or
// malformed option is named, with the list, instead of ending in a stack trace.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type Values<O extends OptionsConfig> = ReturnType<typeof parseArgs<{ options: O }>>['values'];

/** What a benchmark is and the options it takes. */
export interface BenchCommand<O extends OptionsConfig> {
  /** The npm script, e.g. `bench:http`. */
  script: string;
  /** One sentence: what it measures. */
  purpose: string;
  options: O;
}

/** The parsed options, or what to print and the exit code (`--help`: 0; a bad option: 2). */
export type ReadOptions<O extends OptionsConfig> = { values: Values<O> } | { exitCode: 0 | 2; output: string };

/** A default such as a database URL from TEST_POSTGRES_URL is printed without its password. */
function withoutPassword(text: string): string {
  return text.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

export function usageOf<O extends OptionsConfig>(command: BenchCommand<O>): string {
  const lines = Object.entries(command.options).map(([name, option]) => {
    const value = option.type === 'string' ? ' VALUE' : '';
    const fallback = option.type === 'string' && typeof option.default === 'string' ? ` (default ${withoutPassword(option.default)})` : '';
    return `  --${name}${value}${fallback}`;
  });
  return [`Usage: npm run ${command.script} -- [options]`, '', command.purpose, '', 'Options:', ...lines, '  --help'].join('\n');
}

export function readOptions<O extends OptionsConfig>(command: BenchCommand<O>, args: readonly string[]): ReadOptions<O> {
  if (args.includes('--help')) return { exitCode: 0, output: usageOf(command) };
  try {
    return { values: parseArgs({ args: [...args], options: command.options }).values };
  } catch (error) {
    return { exitCode: 2, output: `${(error as Error).message}\n\n${usageOf(command)}` };
  }
}

/** The options of this process's command line; prints and exits for `--help` or a bad option. */
export function benchOptions<const O extends OptionsConfig>(command: BenchCommand<O>): Values<O> {
  const read = readOptions(command, process.argv.slice(2));
  if ('values' in read) return read.values;
  (read.exitCode === 0 ? process.stdout : process.stderr).write(`${read.output}\n`);
  process.exit(read.exitCode);
}
