// A bundled server's stack traces name the TypeScript sources without --enable-source-maps
// (server/stack-source-maps.ts): a two-file program bundled with esbuild as build/server.mjs is,
// run by Node in a child process, prints the stack of an error thrown in its second file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAPPER = join(import.meta.dirname, '../../server/stack-source-maps.ts');
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-stack-'));
  // The throw sits on line 3, column 9 of thrower.ts.
  writeFileSync(
    join(dir, 'thrower.ts'),
    'export function lodge(): never {\n  const reason = "no";\n  throw new Error(`refused: ${reason}`);\n}\n',
  );
  writeFileSync(
    join(dir, 'entry.ts'),
    [
      `import { installLazySourceMaps } from ${JSON.stringify(MAPPER)};`,
      "import { lodge } from './thrower.js';",
      'installLazySourceMaps(import.meta.url);',
      'try { lodge(); } catch (error) { console.log((error as Error).stack); }',
      '',
    ].join('\n'),
  );
  bundle = join(dir, 'out', 'server.mjs');
  await build({
    entryPoints: [join(dir, 'entry.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    minifyWhitespace: true,
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'silent',
  });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function stackOf(args: string[] = []): string {
  return execFileSync(process.execPath, [...args, bundle], { encoding: 'utf8' });
}

describe('stack traces of the bundle', () => {
  it('name the source file, line and column of each bundled frame, the message first', () => {
    const stack = stackOf();
    expect(stack.split('\n')[0]).toBe('Error: refused: no');
    expect(stack).toContain(`lodge (${join(dir, 'thrower.ts')}:3:9)`);
    expect(stack).toContain(join(dir, 'entry.ts'));
    expect(stack).not.toContain('server.mjs:');
  });

  it('keep the bundle’s own positions when its map is gone', () => {
    const map = `${bundle}.map`;
    const text = readFileSync(map, 'utf8');
    unlinkSync(map);
    try {
      expect(stackOf()).toContain('server.mjs:');
    } finally {
      writeFileSync(map, text);
    }
  });

  it('still name the sources when Node maps stacks itself (--enable-source-maps)', () => {
    const stack = stackOf(['--enable-source-maps']);
    expect(stack).toContain(`${join(dir, 'thrower.ts')}:3:9`);
    expect(stack).not.toContain('server.mjs:');
  });
});
