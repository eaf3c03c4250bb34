// Pacing by the rate-limit headers: a used-up window is waited out (real clock) or moved past (manual
// sandbox clock) before the next request of its class, so the runner never overruns a budget.
import { describe, expect, it } from 'vitest';
import { RatePacer, SharedRateWindows, type TimeKeeper } from '../src/pacing.js';
import type { ApiRequest, ApiResponse, OperationInfo } from '../src/types.js';

const operation: OperationInfo = {
  id: 'resumeMonitoringEntity',
  method: 'post',
  path: '/monitoring/entities/{id}/resume',
  parameters: [],
  responses: {},
  requiresAuth: true,
  allowsPublishable: false,
  rateLimitClass: 'monitoring',
};
const request: ApiRequest = {
  operationId: operation.id,
  method: 'POST',
  url: 'http://127.0.0.1/api/test/v2/monitoring/entities/1/resume',
  headers: {},
};
const answer = (status: number, remaining: number, reset: number): ApiResponse => ({
  status,
  headers: { 'ratelimit-limit': '60', 'ratelimit-remaining': String(remaining), 'ratelimit-reset': String(reset) },
  bodyText: '{}',
});

/** A time keeper whose wall clock the test moves; `manual` says whether the sandbox clock can be moved. */
function keeper(manual: boolean): TimeKeeper & { wall: number; advanced: number[]; slept: number[] } {
  const state = {
    wall: 1_000_000,
    advanced: [] as number[],
    slept: [] as number[],
    advanceClock: async (seconds: number) => {
      if (manual) state.advanced.push(seconds);
      return manual;
    },
    sleep: async (ms: number) => {
      state.slept.push(ms);
      state.wall += ms;
    },
    now: () => state.wall,
  };
  return state;
}

describe('rate-limit pacing', () => {
  it('sends freely while the window has room', async () => {
    const time = keeper(true);
    const pacer = new RatePacer(time, 60_000, () => undefined);
    pacer.afterAnswer(operation, request, answer(200, 1, 30), false);
    expect(await pacer.beforeSend(operation, request)).toBe(false);
    expect(time.advanced).toEqual([]);
    expect(pacer.figures.paced).toBe(0);
  });

  it('on a manual clock moves it past a used-up window, however much wall time has passed', async () => {
    const time = keeper(true);
    const pacer = new RatePacer(time, 60_000, () => undefined);
    pacer.afterAnswer(operation, request, answer(200, 0, 2), false);
    // The run went on for longer than the Reset in wall time; the sandbox clock did not move.
    time.wall += 10_000;
    await pacer.beforeSend(operation, request);
    expect(time.advanced).toEqual([2]);
    expect(pacer.figures).toMatchObject({ paced: 1, clockAdvancedSeconds: 2, unplanned: 0 });
  });

  it('on a real clock waits what is left of the window, and not at all once it has ended', async () => {
    const time = keeper(false);
    const pacer = new RatePacer(time, 60_000, () => undefined);
    pacer.afterAnswer(operation, request, answer(200, 0, 5), false);
    time.wall += 2_000;
    await pacer.beforeSend(operation, request);
    expect(time.slept).toEqual([3_250]);
    pacer.afterAnswer(operation, request, answer(200, 0, 5), false);
    time.wall += 6_000;
    await pacer.beforeSend(operation, request);
    expect(time.slept).toEqual([3_250]);
    expect(pacer.figures.paced).toBe(1);
  });

  it('counts a 429 it did not plan as unplanned', () => {
    const pacer = new RatePacer(keeper(true), 60_000, () => undefined);
    pacer.afterAnswer(operation, request, answer(429, 0, 30), false);
    pacer.afterAnswer(operation, request, answer(429, 0, 30), true);
    expect(pacer.figures).toMatchObject({ planned: 1, unplanned: 1 });
  });
});

describe('rate-limit pacing across the sessions of a run', () => {
  it('paces a session by an answer another session saw: a budget they share is used up', async () => {
    const time = keeper(true);
    const shared = new SharedRateWindows();
    const main = new RatePacer(time, 60_000, () => undefined, shared);
    const semantic = new RatePacer(time, 60_000, () => undefined, shared);
    main.afterAnswer(operation, request, answer(200, 5, 40), false);
    // The other account's request used the last of the per-address budget.
    semantic.afterAnswer(operation, request, answer(404, 0, 40), false);
    await main.beforeSend(operation, request);
    expect(time.advanced).toEqual([40]);
    expect(main.figures.paced).toBe(1);
    // Moved past: neither session paces again until an answer says so.
    await semantic.beforeSend(operation, request);
    expect(time.advanced).toEqual([40]);
  });
});
