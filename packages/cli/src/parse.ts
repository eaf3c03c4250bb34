// util.parseArgs' refusals (an unknown flag, a flag without its value, a stray argument) as the
// CLI's one-line usage errors.
import { UsageError } from './io.js';

export function parseStrict<T>(parse: () => T, command: string): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      const message = (error as Error).message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '');
      throw new UsageError(`${command}: ${message}. Run ${command} --help for its flags.`);
    }
    throw error;
  }
}
