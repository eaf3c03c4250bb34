// Clock and jobs: the service time, advance by presets or to a date, what each advance ran; run a job.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { advanceClock, getClock, runJob } from '../../../generated/admin-client/index.js';
import { zRunJobPath } from '../../../generated/admin-client/zod.gen.js';
import { must, operator } from '../api.js';
import { ErrorText, Field, Section, when } from '../ui.js';

const JOBS = zRunJobPath.shape.name.options;
type JobName = (typeof JOBS)[number];
const PRESETS: [string, number][] = [
  ['1 hour', 3600],
  ['1 day', 86_400],
  ['30 days', 30 * 86_400],
];

export function ClockPage() {
  const queries = useQueryClient();
  const clock = useQuery({ queryKey: ['clock'], queryFn: () => must(getClock({ client: operator })) });
  const [history, setHistory] = useState<string[]>([]);
  const [target, setTarget] = useState('');
  const [job, setJob] = useState<JobName>('webhook-delivery');
  const after = (line: string) => {
    setHistory((h) => [line, ...h].slice(0, 20));
    void queries.invalidateQueries();
  };
  const advance = useMutation({
    mutationFn: async (input: { seconds: number; label: string }) => ({
      label: input.label,
      result: await must(advanceClock({ client: operator, body: { seconds: input.seconds } })),
    }),
    onSuccess: ({ label, result }) => after(`Advanced ${label} to ${when(result.now)}: ${result.jobsRun} jobs ran`),
  });
  const run = useMutation({
    mutationFn: async (name: JobName) => ({ name, result: await must(runJob({ client: operator, path: { name } })) }),
    onSuccess: ({ name, result }) => after(`Ran ${name}: ${result.jobsRun} jobs ran`),
  });
  const toDate = () => {
    if (!clock.data || !target) return;
    const seconds = Math.floor((Date.parse(`${target}Z`) - Date.parse(clock.data.now)) / 1000);
    if (!(seconds > 0)) {
      advance.reset();
      setHistory((h) => ['That time is not after the service time.', ...h]);
      return;
    }
    advance.mutate({ seconds, label: `to ${target}` });
  };
  return (
    <>
      <Section title="Service clock">
        <ErrorText error={clock.error} />
        {clock.data && (
          <p>
            Service time: <strong data-testid="clock-now">{when(clock.data.now)}</strong> ({clock.data.mode} clock)
          </p>
        )}
        {clock.data?.mode === 'real' && <p className="notice">The clock is real: start the server with SVC_CLOCK=manual to move it.</p>}
        <div className="row">
          {PRESETS.map(([label, seconds]) => (
            <button key={label} type="button" disabled={advance.isPending} onClick={() => advance.mutate({ seconds, label })}>
              Advance {label}
            </button>
          ))}
        </div>
        <div className="row">
          <Field label="Advance to (UTC)">
            <input type="datetime-local" value={target} onChange={(e) => setTarget(e.target.value)} />
          </Field>
          <button type="button" className="secondary" onClick={toDate} disabled={advance.isPending}>
            Advance to this time
          </button>
        </div>
        <ErrorText error={advance.error} />
      </Section>
      <Section title="Jobs">
        <div className="row">
          <Field label="Job">
            <select value={job} onChange={(e) => setJob(e.target.value as JobName)}>
              {JOBS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </Field>
          <button type="button" onClick={() => run.mutate(job)} disabled={run.isPending}>
            Run job
          </button>
        </div>
        <ErrorText error={run.error} />
        <h3>What ran</h3>
        <ul className="list" aria-label="What ran">
          {history.map((line, i) => (
            <li key={`${i}-${line}`}>{line}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}
