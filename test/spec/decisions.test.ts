// Every decision the tree cites (D-nn, ranges such as `D-20 to D-23` expanded) has its heading in
// docs/decisions.md, so a reader can follow every reference without leaving the repository.
// Engineers add citations in parallel; this fails at merge naming each number without an entry.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOG = 'docs/decisions.md';
/** Dependencies, VCS data, the embedded database and ignored build or test output. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.tmp', 'data', 'coverage', 'test-results', 'dist']);

/**
 * One citation: `D-` and two digits, not glued to a word before it (`PTY-LTD-100000011`, `BSD-2`) or
 * to more digits after it. A range's end follows `..`, an en or em dash, `to` or `through`, or a
 * hyphen before `D-`; a bare end number is taken only after `..` or a dash (`D-41..43`), so prose
 * like "D-14 to 8 MiB" is never read as a range.
 */
const CITATION =
  /(?<![A-Za-z0-9_])D-(\d{2})(?!\d)(?:\s*(?:(?:\.\.|[–—])\s*(?:D-)?(\d{2})|(?:-|to|through)\s*D-(\d{2}))(?!\d))?/g;

function decisionNumber(n: number): string {
  return `D-${String(n).padStart(2, '0')}`;
}

/** The decision numbers a text cites, ranges expanded to every number in them. */
function citedDecisions(text: string): Set<string> {
  const cited = new Set<string>();
  for (const match of text.matchAll(CITATION)) {
    const start = Number(match[1]);
    const endText = match[2] ?? match[3];
    const end = endText === undefined ? start : Number(endText);
    // A "range" that runs backwards is two separate citations, not an empty range.
    if (end < start) {
      cited.add(decisionNumber(start));
      cited.add(decisionNumber(end));
      continue;
    }
    for (let n = start; n <= end; n++) cited.add(decisionNumber(n));
  }
  return cited;
}

/** `## D-nn: Title` headings of the decision log. */
function loggedDecisions(log: string): Set<string> {
  return new Set([...log.matchAll(/^## (D-\d{2}): \S.*$/gm)].map((m) => m[1]!));
}

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* textFiles(path);
    } else if (entry.isFile() && !entry.name.endsWith('.log')) {
      yield path;
    }
  }
}

/** Decision number -> the first few files citing it, across the whole tree. */
function citationsInTree(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const path of textFiles(ROOT)) {
    const bytes = readFileSync(path);
    if (bytes.subarray(0, 8192).includes(0)) continue; // binary (PDF fixtures, images)
    for (const number of citedDecisions(bytes.toString('utf8'))) {
      const files = where.get(number) ?? [];
      // The log's own cross-references count, but a failure names the code that cites the number.
      if (files.length < 3 && relative(ROOT, path) !== LOG) files.push(relative(ROOT, path));
      where.set(number, files);
    }
  }
  return where;
}

describe('citation scanner', () => {
  it('reads single numbers and expands every range form', () => {
    expect([...citedDecisions('spec 5, D-02 to D-06, D-40')]).toEqual(['D-02', 'D-03', 'D-04', 'D-05', 'D-06', 'D-40']);
    expect([...citedDecisions('(D-21..D-25)')]).toEqual(['D-21', 'D-22', 'D-23', 'D-24', 'D-25']);
    expect([...citedDecisions('D-41..43; D-10–D-12; D-30 through D-31; D-15-D-16')]).toEqual([
      'D-41', 'D-42', 'D-43', 'D-10', 'D-11', 'D-12', 'D-30', 'D-31', 'D-15', 'D-16',
    ]);
  });

  it('ignores look-alikes and prose that is not a range', () => {
    expect([...citedDecisions('SANDBOX-TRADING-PTY-LTD-100000011 BSD-2-Clause D-100 xD-10')]).toEqual([]);
    expect([...citedDecisions('limit (D-14) to 8 MiB; D-14 to 8 MiB')]).toEqual(['D-14']);
  });
});

describe(LOG, () => {
  const logged = loggedDecisions(readFileSync(join(ROOT, LOG), 'utf8'));
  const cited = citationsInTree();

  it('holds every decision the tree cites', () => {
    // Guards the scan itself: a walker that found nothing would make the next assertion vacuous.
    expect(cited.size).toBeGreaterThanOrEqual(40);
    const missing = [...cited.keys()]
      .filter((number) => !logged.has(number))
      .sort()
      .map((number) => `${number} (cited in ${cited.get(number)!.join(', ') || LOG})`);
    expect(missing, `add a "## D-nn: <title>" entry to ${LOG} for each`).toEqual([]);
  });

  it('has one heading per decision', () => {
    const headings = [...readFileSync(join(ROOT, LOG), 'utf8').matchAll(/^## (D-\d{2}):/gm)].map((m) => m[1]!);
    expect(headings.length).toBe(new Set(headings).size);
  });
});
