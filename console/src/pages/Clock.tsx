// Clock and jobs: the service time; on the manual clock, advance by presets or to a date and see what
// each advance ran; on the real clock the advance controls are disabled (the service answers 409);
// run a job now with either clock.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advanceClock, runJob } from '../../../generated/admin-client/index.js';
import { zRunJobPath } from '../../../generated/admin-client/zod.gen.js';
import { operator } from '../api.js';
import { useServiceClock } from '../clock.js';
import { must } from '../errors.js';
import { count, when } from '../format.js';
import { ErrorText, Field, Section } from '../ui.js';

const JOBS = zRunJobPath.shape.name.options;
type JobName = (typeof JOBS)[number];
const PRESETS: [string, number][] = [
  ['1 hour', 3600],
  ['1 day', 86_400],
  ['30 days', 30 * 86_400],
];

export function ClockPage() {
  const queries = useQueryClient();
  const clock = useServiceClock();
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
    onSuccess: ({ label, result }) => after(`Advanced ${label} to ${when(result.now)}: ${count(result.jobsRun, 'job')} ran`),
  });
  const run = useMutation({
    mutationFn: async (name: JobName) => ({ name, result: await must(runJob({ client: operator, path: { name } })) }),
    onSuccess: ({ name, result }) => after(`Ran ${name}: ${count(result.jobsRun, 'job')} ran`),
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
  const manual = clock.data?.mode === 'manual';
  const locked = !manual || advance.isPending;
  return (
    <>
      <Section title="Service clock">
        <ErrorText error={clock.error} />
        {clock.data && (
          <p>
            Service time: <strong data-testid="clock-now">{when(clock.data.now)}</strong> ({clock.data.mode} clock)
          </p>
        )}
        {clock.data?.mode === 'real' && (
          <p className="notice" data-testid="real-clock">
            The service runs on the real clock, which cannot be moved: start it with SVC_CLOCK=manual (for example{' '}
            <code>SVC_CLOCK=manual npm start</code>) to advance time from here.
          </p>
        )}
        <div className="row">
          {PRESETS.map(([label, seconds]) => (
            <button key={label} type="button" disabled={locked} onClick={() => advance.mutate({ seconds, label })}>
              Advance {label}
            </button>
          ))}
        </div>
        <div className="row">
          <Field label="Advance to (UTC)">
            <input type="datetime-local" value={target} onChange={(e) => setTarget(e.target.value)} disabled={!manual} />
          </Field>
          <button type="button" className="secondary" onClick={toDate} disabled={locked}>
            Advance to this time
          </button>
        </div>
        <ErrorText error={advance.error} />
      </Section>
      <Section title="Jobs">
        <p>Running a job works on either clock: it handles every waiting item now, without moving the clock.</p>
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
