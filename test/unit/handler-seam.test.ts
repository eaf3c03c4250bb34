// The typed seam (server/http/handler.ts): a handler map keyed by anything but an operationId of the
// document, a field read with the wrong type or an undocumented answer fails `tsc` (npm test runs it
// before vitest). Each `@ts-expect-error` below marks a compile error the seam must keep producing:
// were it to disappear, tsc would fail on the unused directive.
import { describe, expect, it } from 'vitest';
import type { OperatorHandlers, PublicHandlers } from '../../server/http/handler.js';

const clockBody = { now: '2026-11-23T00:00:00.000Z', mode: 'manual' as const };

describe('typed handler maps', () => {
  it('accept a handler that answers what its operation documents', async () => {
    const operator: OperatorHandlers = { getClock: async () => ({ status: 200, body: clockBody }) };
    expect(Object.keys(operator)).toEqual(['getClock']);
  });

  it('refuse a key that is not an operationId of the document', () => {
    const handlers: PublicHandlers = {
      // @ts-expect-error: getLodgements is not an operationId of spec/openapi.json (getLodgement is).
      getLodgements: async () => ({ status: 200, body: {} }),
    };
    expect(Object.keys(handlers)).toHaveLength(1);
  });

  it('refuse an undocumented status and a body of the wrong shape', () => {
    const wrongStatus: OperatorHandlers = {
      // @ts-expect-error: 201 is not a documented success of getClock.
      getClock: async () => ({ status: 201, body: clockBody }),
    };
    const wrongBody: OperatorHandlers = {
      // @ts-expect-error: `mode` must be "manual" or "real".
      getClock: async () => ({ status: 200, body: { now: clockBody.now, mode: 'paused' } }),
    };
    expect([wrongStatus, wrongBody]).toHaveLength(2);
  });

  it('type the input from the operation’s Zod schemas', () => {
    const handlers: OperatorHandlers = {
      advanceClock: async (_ctx, { body }) => {
        // @ts-expect-error: `seconds` is a number, not a string.
        const seconds: string = body.seconds;
        // @ts-expect-error: advanceClock has no `minutes`.
        void body.minutes;
        return { status: 200, body: { now: seconds, jobsRun: 0 } };
      },
    };
    expect(Object.keys(handlers)).toEqual(['advanceClock']);
  });
});
