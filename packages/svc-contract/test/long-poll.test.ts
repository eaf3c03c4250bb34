// A long poll's wait (`x-long-poll`) goes as 0 when the generated value is valid, so a run never waits
// one out; values out of range go as generated, so their refusal is still checked.
import { describe, expect, it } from 'vitest';
import { withoutLongPolls } from '../src/session.js';
import type { OperationInfo, RequestParts } from '../src/types.js';

const tail: OperationInfo = {
  id: 'tailRequestLog',
  method: 'get',
  path: '/cli/request-log',
  parameters: [
    { name: 'wait', in: 'query', required: false, schemaPointer: '#/x', examples: [0], longPollMaximum: 25 },
    { name: 'limit', in: 'query', required: false, schemaPointer: '#/y', examples: [25] },
  ],
  responses: {},
  requiresAuth: true,
  allowsPublishable: false,
};

const parts = (query: Record<string, unknown>): RequestParts => ({ path: {}, query, header: {} });

describe('long polls in generated requests', () => {
  it('sends a valid wait as 0, as a number or as text, and leaves other parameters alone', () => {
    expect(withoutLongPolls(tail, parts({ wait: 25, limit: 7 })).query).toEqual({ wait: 0, limit: 7 });
    expect(withoutLongPolls(tail, parts({ wait: '13' })).query).toEqual({ wait: '0' });
  });

  it('keeps a wait the document refuses, so the refusal is still checked', () => {
    for (const wait of [26, -1, 2.5, 'soon', '']) expect(withoutLongPolls(tail, parts({ wait })).query).toEqual({ wait });
  });

  it('changes nothing for an operation without a long poll', () => {
    const request = parts({ limit: 3 });
    expect(withoutLongPolls({ ...tail, parameters: [tail.parameters[1]!] }, request)).toBe(request);
  });
});
