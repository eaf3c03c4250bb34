// A benchmark's command line (bench/options.ts): `--help` lists the options with their defaults, a
// misspelt option is named with that list (exit 2) instead of a stack trace, and good options parse.
import { describe, expect, it } from 'vitest';
import { readOptions, usageOf } from '../../bench/options.js';

const command = {
  script: 'bench:example',
  purpose: 'Measures an example.',
  options: {
    seconds: { type: 'string', default: '5' },
    'postgres-url': { type: 'string', default: 'postgres://bench:s3cret@127.0.0.1:5432/postgres' },
    'fresh-clone': { type: 'boolean', default: false },
  },
} as const;

describe('benchmark options', () => {
  it('--help prints every option with its default and exits 0', () => {
    expect(readOptions(command, ['--seconds', '2', '--help'])).toEqual({
      exitCode: 0,
      output: [
        'Usage: npm run bench:example -- [options]',
        '',
        'Measures an example.',
        '',
        'Options:',
        '  --seconds VALUE (default 5)',
        // A password in a default (TEST_POSTGRES_URL, say) is not printed.
        '  --postgres-url VALUE (default postgres://bench:***@127.0.0.1:5432/postgres)',
        '  --fresh-clone',
        '  --help',
      ].join('\n'),
    });
  });

  it('an unknown option is named, with the usage, exit 2', () => {
    const read = readOptions(command, ['--secnds', '2']);
    expect(read).toMatchObject({ exitCode: 2 });
    expect('output' in read && read.output).toMatch(/^Unknown option '--secnds'[\s\S]*\n\nUsage: npm run bench:example/);
  });

  it('a string option without its value is refused the same way', () => {
    const read = readOptions(command, ['--seconds']);
    expect(read).toMatchObject({ exitCode: 2 });
    expect('output' in read && read.output).toContain(usageOf(command));
  });

  it('good options parse, with the defaults for the rest', () => {
    expect(readOptions(command, ['--postgres-url', 'postgres://db/x', '--fresh-clone'])).toEqual({
      values: { seconds: '5', 'postgres-url': 'postgres://db/x', 'fresh-clone': true },
    });
  });
});
