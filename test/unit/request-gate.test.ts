// Requests go first where the API and the worker share a process (D-85): the background worker waits
// for the requests in flight before each job, but never longer than its bound.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestGate, workerSharesApiProcess } from '../../server/jobs/request-gate.js';

describe('the request gate', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('lets a job start at once when no request is in flight', async () => {
    const gate = createRequestGate();
    const wait = settled(gate.quiet(1_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('holds a job until the last request in flight is answered', async () => {
    const gate = createRequestGate();
    gate.enter();
    gate.enter();
    const wait = settled(gate.quiet(1_000));
    await vi.advanceTimersByTimeAsync(10);
    gate.leave();
    await vi.advanceTimersByTimeAsync(10);
    expect(wait.done).toBe(false);
    gate.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('lets a job start after its bound under a load that never pauses', async () => {
    const gate = createRequestGate();
    gate.enter();
    const wait = settled(gate.quiet(100));
    await vi.advanceTimersByTimeAsync(99);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.done).toBe(true);
  });
});

describe('where the worker waits for requests (D-85)', () => {
  it('is a process that serves the API and runs the worker, on either engine', () => {
    expect(workerSharesApiProcess('all', 1)).toBe(true);
  });

  it('is not the primary of several API processes, an API process alone or a worker alone', () => {
    expect(workerSharesApiProcess('all', 2)).toBe(false);
    expect(workerSharesApiProcess('api', 1)).toBe(false);
    expect(workerSharesApiProcess('worker', 1)).toBe(false);
  });
});
