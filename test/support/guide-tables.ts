// The tables of the sandbox guide (docs/guide/05-sandbox.md) that integration tests run row by row:
// each is marked `<!-- NAME:start -->` ... `<!-- NAME:end -->` in the guide, so a row the guide gains
// is a row the test runs.
import { readFileSync } from 'node:fs';

const GUIDE = new URL('../../docs/guide/05-sandbox.md', import.meta.url);

export interface GuideRow {
  /** The row as written, for the test's name. */
  line: string;
  cells: string[];
}

/** The rows of the table `name`, its header and separator left out. */
export function sandboxGuideTable(name: string): GuideRow[] {
  const table = new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(readFileSync(GUIDE, 'utf8'))?.[1];
  if (!table) throw new Error(`docs/guide/05-sandbox.md has no ${name} table`);
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => ({
      line,
      cells: line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    }));
}

/** The words of a cell written as code: `vin` `1HGCM82633A004352` -> ['vin', '1HGCM82633A004352']. */
export const ticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
