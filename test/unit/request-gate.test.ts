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

describe('the wait for an idle server (D-85)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('starts a job at once on a server that has had no request', async () => {
    const wait = settled(createRequestGate({ idleMs: 100 }).idle(100));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('does not slip a job into the gap between two requests of a busy client', async () => {
    const gate = createRequestGate({ idleMs: 100 });
    gate.enter();
    gate.leave();
    // Nothing in flight, but a request was 10 ms ago: the next one is likely on its way.
    await vi.advanceTimersByTimeAsync(10);
    const wait = settled(gate.idle(1_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(false);
    gate.enter();
    await vi.advanceTimersByTimeAsync(50);
    gate.leave();
    await vi.advanceTimersByTimeAsync(99);
    expect(wait.done).toBe(false);
    // 100 ms without a request: idle.
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.done).toBe(true);
  });

  it('lets one job through per bound under requests that never pause', async () => {
    const gate = createRequestGate({ idleMs: 100 });
    gate.enter();
    const wait = settled(gate.idle(100));
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
