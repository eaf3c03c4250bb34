// `svc`: dispatches to the commands for a partner's laptop (listen, trigger, logs tail) and to the
// generated command of each operation (`svc <resource> <action>`). Answers the exit code: 0 done,
// 1 the service answered an error or could not be reached, 2 bad input (D-83).
import { COMMANDS } from '../../../generated/cli/commands.js';
import type { CommandSpec } from './command-spec.js';
import { mainHelp, resourceHelp } from './help.js';
import { CallFailed, EXIT, UsageError, type Io } from './io.js';
import { runOperation } from './operation-command.js';

/** A built-in command: its name and what runs it. */
export interface BuiltIn {
  name: string;
  run: (args: string[], io: Io) => Promise<void>;
}

const BUILT_INS = new Map<string, BuiltIn['run']>();

export function registerBuiltIn(builtIn: BuiltIn): void {
  BUILT_INS.set(builtIn.name, builtIn.run);
}

const GLOBAL_WITH_VALUE = new Set(['--api-key', '--base-url']);

/**
 * The command's words (`webhook-endpoint`, `create`) and where they stand, skipping the global flags
 * a user may put first (`svc --api-key K webhook-endpoint list`); the first other flag ends them.
 */
function commandWords(args: readonly string[]): { word: string; index: number }[] {
  const words: { word: string; index: number }[] = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const arg = args[i]!;
    if (GLOBAL_WITH_VALUE.has(arg)) i += 1;
    else if (arg === '--json' || [...GLOBAL_WITH_VALUE].some((flag) => arg.startsWith(`${flag}=`))) continue;
    else if (arg.startsWith('-')) break;
    else words.push({ word: arg, index: i });
  }
  return words;
}

/** The arguments without the words at `indexes`. */
const without = (args: readonly string[], indexes: number[]): string[] => args.filter((_, i) => !indexes.includes(i));

export async function dispatch(args: string[], io: Io, commands: readonly CommandSpec[] = COMMANDS): Promise<void> {
  const words = commandWords(args);
  const first = words[0]?.word;
  const second = words[1]?.word;
  if (first === undefined) {
    if (args.includes('--version')) return void io.stdout(`${io.version}\n`);
    if (args.length === 0 || args.includes('--help') || args.includes('-h')) return void io.stdout(mainHelp(commands));
    throw new UsageError(`${args.find((arg) => arg.startsWith('-')) ?? args[0]!} before a command: run svc --help for the commands`);
  }
  if (first === 'help') return void io.stdout(mainHelp(commands));
  const ofResource = commands.filter((command) => command.resource === first);
  const generated = ofResource.find((command) => command.action === second);
  // A built-in shares its name with a resource (`trigger` and the operation createTrigger): the
  // resource's actions are words no built-in takes as its argument.
  const builtIn = BUILT_INS.get(first);
  if (builtIn && !generated) return builtIn(without(args, [words[0]!.index]), io);
  if (ofResource.length === 0) throw new UsageError(`unknown command "${first}": run svc --help for the commands`);
  if (!generated) {
    if (second === undefined) return void io.stdout(resourceHelp(first, ofResource));
    throw new UsageError(`unknown action "${second}" for ${first}: its actions are ${ofResource.map((c) => c.action).join(', ')}`);
  }
  return runOperation(
    generated,
    without(
      args,
      words.map((w) => w.index),
    ),
    io,
  );
}

/** Runs a command line; answers its exit code after writing what it has to say. */
export async function main(args: string[], io: Io): Promise<number> {
  try {
    await dispatch(args, io);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(error.message.startsWith('svc ') ? `${error.message}\n` : `svc: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof CallFailed) {
      io.stderr(`svc: ${error.message}\n`);
      return EXIT.failed;
    }
    if (io.interrupted.aborted) return EXIT.ok;
    io.stderr(`svc: ${(error as Error).message ?? String(error)}\n`);
    return EXIT.failed;
  }
}
