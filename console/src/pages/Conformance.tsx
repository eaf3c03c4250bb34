// Conformance: the contract runner run by the service against its own test API, shown as the
// operation x check matrix `npm run contract` prints, with curl reproductions of failures.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { runConformance } from '../../../generated/admin-client/index.js';
import { operator } from '../api.js';
import { must } from '../errors.js';
import { count } from '../format.js';
import { CopyButton, ErrorText, Field, Section } from '../ui.js';

const MARK: Record<string, string> = { pass: '✓', fail: '✗', pending: '…', skip: '·', skipped: 'skipped' };

export function ConformancePage() {
  const [operations, setOperations] = useState('listIndustries, getCompanyNameAvailability');
  const [maxExamples, setMaxExamples] = useState(3);
  const run = useMutation({
    mutationFn: () => {
      const ids = operations
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      return must(runConformance({ client: operator, body: { maxExamples, ...(ids.length ? { operations: ids } : {}) } }));
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    run.mutate();
  }
  const result = run.data;
  return (
    <>
      <Section title="Run the contract runner">
        <p>
          Runs npm run contract against this service's test API. Each run makes two fresh accounts (Contract runner and Contract runner B,
          so it never sees another run's resources); the Accounts page lists them apart and the console never selects one by itself. Every
          operation takes minutes; a few take seconds.
        </p>
        <form onSubmit={submit}>
          <Field label="Operations (operationIds, comma-separated; empty for all)">
            <input className="wide" value={operations} onChange={(e) => setOperations(e.target.value)} />
          </Field>
          <Field label="Examples per operation">
            <input type="number" min={1} max={25} value={maxExamples} onChange={(e) => setMaxExamples(Number(e.target.value))} />
          </Field>
          <div>
            <button type="submit" disabled={run.isPending}>
              {run.isPending ? 'Running…' : 'Run'}
            </button>
          </div>
        </form>
        <ErrorText error={run.error} />
      </Section>
      {result && (
        <Section title="Operation x check">
          <p data-testid="conformance-summary">
            {result.conforming} of {count(result.total, 'operation')} conforming · {count(result.requests, 'request')} ·{' '}
            {(result.durationMs / 1000).toFixed(1)} s · seed {result.seed}
          </p>
          <div className="scroll" tabIndex={0} role="region" aria-label="Operation x check matrix">
            <table className="matrix">
              <thead>
                <tr>
                  <th scope="col">Operation</th>
                  <th scope="col">Status</th>
                  {result.checks.map((check) => (
                    <th scope="col" key={check} title={check}>
                      {check}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.operations.map((op) => (
                  <tr key={op.operationId} data-testid="conformance-row">
                    <th scope="row">{op.operationId}</th>
                    <td>{op.status}</td>
                    {result.checks.map((check) => (
                      <td key={check} aria-label={`${check}: ${op.cells[check] ?? 'skip'}`}>
                        {MARK[op.cells[check] ?? 'skip']}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>✓ pass · ✗ fail · … pending · · not applicable</p>
          <h3>Failures</h3>
          {result.failures.length === 0 && <p>No failure.</p>}
          <ul className="list" aria-label="Failures">
            {result.failures.map((f, i) => (
              <li key={`${f.operationId}-${f.check}-${i}`}>
                <strong>{f.operationId}</strong> · {f.check} ({f.phase}): {f.message}
                <pre>{f.curl}</pre>
                <CopyButton value={f.curl} label={`curl of failure ${i + 1}`} />
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
