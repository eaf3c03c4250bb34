// The typed seam (server/http/handler-maps.ts): a handler keyed by anything but an operationId of the
// document, a field read with the wrong type, an undocumented status, an answer carrying a field the
// operation does not document, or a complete map without some operation's handler fails `tsc` (npm
// test runs it before vitest). Each `@ts-expect-error` below marks a compile error the seam must keep
// producing: were it to disappear, tsc would fail on the unused directive.
import { describe, expect, it } from 'vitest';
import { withRules, pendingOperations, type ProblemRefiner } from '../../server/http/handler.js';
import {
  defineHandlers,
  defineOperatorHandlers,
  implementedHandlers,
  isPending,
  pending,
  type PublicHandlers,
} from '../../server/http/handler-maps.js';

const clockBody = { now: '2026-11-23T00:00:00.000Z', mode: 'manual' as const };
const industry = { code: '4512', title: 'Takeaway Food Services', level: 'class' as const, divisionCode: 'H' };
const meta = { currentPage: 1, perPage: 25, total: 1, lastPage: 1 };
const noRules: ProblemRefiner = async (_deps, problems) => ({ problems });

describe('typed handler maps', () => {
  it('accept a handler that answers what its operation documents', () => {
    const operator = defineOperatorHandlers({ getClock: async () => ({ status: 200, body: clockBody }) });
    const helpers = defineHandlers({
      listIndustries: withRules(async () => ({ status: 200, body: { data: [industry], meta } }), noRules),
    });
    expect(Object.keys({ ...operator, ...helpers })).toEqual(['getClock', 'listIndustries']);
  });

  it('refuse a key that is not an operationId of the document', () => {
    const handlers = defineHandlers({
      // @ts-expect-error: getLodgements is not an operationId of spec/openapi.json (getLodgement is).
      getLodgements: async () => ({ status: 200, body: {} }),
    });
    expect(Object.keys(handlers)).toHaveLength(1);
  });

  it('refuse an undocumented status and a body of the wrong shape', () => {
    const wrongStatus = defineOperatorHandlers({
      // @ts-expect-error: 201 is not a documented success of getClock.
      getClock: async () => ({ status: 201, body: clockBody }),
    });
    const wrongBody = defineOperatorHandlers({
      // @ts-expect-error: `mode` must be "manual" or "real".
      getClock: async () => ({ status: 200, body: { now: clockBody.now, mode: 'paused' } }),
    });
    expect([wrongStatus, wrongBody]).toHaveLength(2);
  });

  it('refuse an answer with a field its operation does not document, at any depth and behind withRules', () => {
    const topLevel = defineOperatorHandlers({
      // @ts-expect-error: getClock's body has no `timezone` (answer.body.timezone).
      getClock: async () => ({ status: 200, body: { ...clockBody, timezone: 'Australia/Sydney' } }),
    });
    const inAnArray = defineHandlers({
      // @ts-expect-error: an industry has no `internalNote` (answer.body.data[].internalNote).
      listIndustries: async () => ({ status: 200, body: { data: [{ ...industry, internalNote: 'x' }], meta } }),
    });
    const wrapped = defineHandlers({
      // @ts-expect-error: the pagination meta has no `cursor`, whatever wraps the handler.
      listIndustries: withRules(async () => ({ status: 200, body: { data: [], meta: { ...meta, cursor: 'c' } } }), noRules),
    });
    const onTheAnswer = defineOperatorHandlers({
      // @ts-expect-error: an answer is status, body and headers; `cache` is none of them.
      getClock: async () => ({ status: 200, body: clockBody, cache: true }),
    });
    expect([topLevel, inAnArray, wrapped, onTheAnswer]).toHaveLength(4);
  });

  it('type the input from the operation’s Zod schemas', () => {
    const handlers = defineOperatorHandlers({
      advanceClock: async (_ctx, { body }) => {
        // @ts-expect-error: `seconds` is a number, not a string.
        const seconds: string = body.seconds;
        // @ts-expect-error: advanceClock has no `minutes`.
        void body.minutes;
        return { status: 200, body: { now: seconds, jobsRun: 0 } };
      },
    });
    expect(Object.keys(handlers)).toEqual(['advanceClock']);
  });

  it('require every operation in the complete map, a handler or `pending`', () => {
    type WithoutLodgement = Omit<PublicHandlers, 'getLodgement'>;
    const withoutLodgement = {} as WithoutLodgement;
    // @ts-expect-error: getLodgement has neither a handler nor `pending`.
    const missing: PublicHandlers = withoutLodgement;
    const marked: PublicHandlers = { ...withoutLodgement, getLodgement: pending };
    expect([missing, marked]).toHaveLength(2);
  });

  it('leave `pending` operations out of what the pipeline routes and list them as answering 501', () => {
    const document = {
      paths: { '/a': { get: { operationId: 'getA' } }, '/b': { get: { operationId: 'getB' } }, '/c': { get: { operationId: 'getC' } } },
    };
    const map = { getA: async () => ({ status: 200 }), getB: pending };
    expect(isPending(map.getB)).toBe(true);
    expect(Object.keys(implementedHandlers(map))).toEqual(['getA']);
    expect(pendingOperations(document, map)).toEqual(['getB', 'getC']);
  });
});
