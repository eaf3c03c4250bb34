// D-61: the document's examples never expire. The contract runner, as a partner's CI runs it, against
// the real app whose service clock starts a year before and five years after the day the examples
// are written for (`info.x-examples-date`): the runner learns the service's today from the service,
// moves the examples' dates to it, and every operation is reached with a success and conforms.
// The earlier start is at 15:30 UTC, when Brisbane's date is already the next day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplesDateOf, shiftDate } from '@registry-svc/contract/example-dates';
import { listOperations } from '@registry-svc/contract';
import { runCli, type CliOutcome } from './run-cli.js';
import { startContractServer, type ContractServer } from './contract-server.js';
import { loadDocument } from '../support/document.js';

const document = loadDocument();
const written = examplesDateOf(document)!;
const total = listOperations(document).length;

const sameDay = (offset: number) => `${Number(written.slice(0, 4)) + offset}${written.slice(4)}`;

const CLOCKS = [
  // 15:30 UTC is 01:30 the next day in Brisbane: the service's today is that next day.
  { label: 'a year before', start: `${sameDay(-1)}T15:30:00Z`, brisbane: shiftDate(sameDay(-1), 1) },
  { label: 'five years after', start: `${sameDay(5)}T03:00:00Z`, brisbane: sameDay(5) },
];

interface Run {
  contract: ContractServer;
  outcome: CliOutcome;
}

/** One run of the runner on a server whose clock starts at `start`: the phases that reach every operation and check dates. */
async function runAgainst(start: string): Promise<Run> {
  const contract = await startContractServer({ clockStart: start });
  const outcome = await runCli([
    '--base-url',
    contract.baseUrl,
    '--admin-token',
    contract.adminToken,
    '--seed',
    '20261122',
    '--phase',
    'examples,stateful,semantic',
  ]);
  return { contract, outcome };
}

// Both runs at once: each runner is a child process, and the servers wait on them.
const runs = new Map<string, Promise<Run>>();
beforeAll(() => {
  for (const clock of CLOCKS) runs.set(clock.start, runAgainst(clock.start));
});
afterAll(async () => {
  for (const run of runs.values()) await (await run.catch(() => undefined))?.contract.close();
});

describe.each(CLOCKS)('the contract runner with the service clock $label the examples ($start)', ({ start, brisbane }) => {
  let outcome: CliOutcome;
  beforeAll(async () => {
    outcome = (await runs.get(start)!).outcome;
  });

  it("moves the examples' dates to the service's today in Brisbane, read from the service's own document", () => {
    expect(outcome.stdout).toContain(`examples: written for ${written}, dates moved to the service's today ${brisbane} (`);
    expect(outcome.stdout).toContain('/openapi.json)');
  });

  it('reaches every operation with a success and every one conforms', () => {
    expect(outcome.code, outcome.stdout.split('\nFailures')[1]?.slice(0, 4000) ?? outcome.stderr).toBe(0);
    expect(outcome.stdout).toContain(`reached with a success answer ${total} / ${total}`);
    expect(outcome.stdout.trimEnd().split('\n').at(-1)).toBe(`operations conforming ${total} / ${total}`);
  });
});
