// The partner checks' judgements on their own, against the real document's keywords where they read
// it: each says nothing of a right answer and names what is wrong in a wrong one. (The checks against
// a running service, with planted bugs, are test/contract/partner.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listOperations } from '../src/document.js';
import { documentIdFields, listIdFields } from '../src/phases/id-field-names.js';
import { pathWith } from '../src/phases/id-fields.js';
import { cursorField, walkProblems } from '../src/partner/cursor-walk.js';
import { remainingProblems } from '../src/partner/rate-limit-remaining.js';
import { gapProblems, retrySchedule } from '../src/partner/retry-schedule.js';
import { termProblems } from '../src/partner/term-dates.js';
import { deprecationProblems, v1BaseUrl } from '../src/partner/v1-deprecation.js';
import { secondsUntil } from '../src/partner/zoned-day-boundary.js';
import type { ApiResponse, JsonObject, OperationInfo } from '../src/types.js';

const DOC = JSON.parse(readFileSync(join(import.meta.dirname, '../../../spec/openapi.json'), 'utf8')) as JsonObject;
const OPS = new Map(listOperations(DOC).map((op) => [op.id, op]));
const op = (id: string): OperationInfo => OPS.get(id)!;
const answer = (headers: Record<string, string>): ApiResponse => ({ status: 200, headers, bodyText: '{}' });

describe('v1_deprecation', () => {
  it('finds the V1 server of the document beside the V2 base URL', () => {
    expect(v1BaseUrl(DOC, 'http://127.0.0.1:4000/api/test/v2')).toBe('http://127.0.0.1:4000/api/test/v1');
    expect(v1BaseUrl(DOC, 'http://127.0.0.1:4000/api/v2/')).toBe('http://127.0.0.1:4000/api/v1');
    expect(v1BaseUrl({ servers: [{ url: 'http://x/api/v2' }] }, 'http://x/api/v2')).toBeUndefined();
  });

  it("accepts the document's headers and RFC 9745's date form; names a missing or wrong one", () => {
    const link = '</docs/migration-v1>; rel="deprecation"';
    expect(deprecationProblems(answer({ deprecation: 'true', link }))).toEqual([]);
    expect(deprecationProblems(answer({ deprecation: '@1767225600', link, sunset: 'Fri, 01 Jan 2027 00:00:00 GMT' }))).toEqual([]);
    expect(deprecationProblems(answer({ link }))).toEqual(['no Deprecation header']);
    expect(deprecationProblems(answer({ deprecation: 'yes', link }))[0]).toMatch(/neither true nor @/);
    expect(deprecationProblems(answer({ deprecation: 'true', link: '</docs>; rel="help"' }))[0]).toMatch(/no rel="deprecation"/);
    expect(deprecationProblems(answer({ deprecation: '@1767225600', link, sunset: 'Wed, 31 Dec 2025 00:00:00 GMT' }))[0]).toMatch(
      /before the deprecation/,
    );
    expect(deprecationProblems(answer({ deprecation: 'true', link, sunset: '2027-01-01' }))[0]).toMatch(/not an HTTP date/);
  });
});

describe('rate_limit_remaining', () => {
  it('passes a falling count and a new window; fails a count that stays', () => {
    expect(
      remainingProblems([
        { remaining: 9, reset: 40 },
        { remaining: 8, reset: 40 },
        { remaining: 7, reset: 39 },
      ]),
    ).toEqual([]);
    expect(
      remainingProblems([
        { remaining: 1, reset: 2 },
        { remaining: 59, reset: 60 },
      ]),
    ).toEqual([]);
    expect(
      remainingProblems([
        { remaining: 9, reset: 40 },
        { remaining: 9, reset: 40 },
      ])[0],
    ).toMatch(/left RateLimit-Remaining at 9 after 9/);
  });
});

describe('cursor_consistency', () => {
  it("reads the cursor field from the since parameter's description", () => {
    expect(cursorField(DOC, op('listMonitoringEvents'), '/components/schemas/MonitoringEventSummary')).toBe('monitoringEventId');
  });

  it('names repeats, skips, items at or before the cursor and a wrong order; not items another client added', () => {
    expect(walkProblems('by cursor', [4, 5, 6], [4, 5, 6], 3)).toEqual([]);
    expect(walkProblems('by cursor', [4, 5, 6, 7], [4, 5, 6], 3)).toEqual([]);
    expect(walkProblems('by cursor', [4, 5, 5, 6], [4, 5, 6], 3)).toEqual(['by cursor: 5 came twice']);
    expect(walkProblems('by cursor', [4, 6], [4, 5, 6], 3)).toEqual(['by cursor: 5 never came']);
    expect(walkProblems('by cursor', [3, 4, 5, 6], [4, 5, 6], 3)).toEqual(['by cursor: 3 came although at or before the cursor 3']);
    expect(walkProblems('by cursor', [5, 4, 6], [4, 5, 6], 3)).toEqual(['by cursor: not oldest first (5, 4, 6)']);
  });
});

describe('term_dates', () => {
  const create = op('createMonitoringEntities');
  const pointer = create.responses['201']!.content[0]!.schemaPointer!;
  const entity = { id: 1, status: 'active', startsAt: '2026-11-23', expiresAt: '2027-11-23', daysRemaining: 365 };
  const order = (e: JsonObject) => ({ unitPrice: 0, total: 0, entities: [{ ...e }] });
  // 14:00 UTC on the 22nd is already the 23rd in Brisbane.
  const at = [new Date('2026-11-22T14:00:00Z')];

  it("checks a term by the document's x-term and x-days-until in Brisbane's today", () => {
    expect(termProblems(DOC, pointer, order(entity), at, true)).toEqual([]);
    expect(termProblems(DOC, pointer, order({ ...entity, expiresAt: '2027-11-24', daysRemaining: 366 }), at, true)![0]).toMatch(
      /ends 2027-11-23/,
    );
    expect(termProblems(DOC, pointer, order({ ...entity, daysRemaining: 366 }), at, true)).toEqual([
      '/entities/0/daysRemaining is 366; from today (2026-11-23) to expiresAt 2027-11-23 is 365',
    ]);
    expect(termProblems(DOC, pointer, order({ ...entity, status: 'stopped', daysRemaining: 365 }), at, false)![0]).toMatch(
      /it is 0 when not/,
    );
    expect(termProblems(DOC, pointer, order({ ...entity, startsAt: '2026-11-01', expiresAt: '2029-01-01' }), at, false)![0]).toMatch(
      /more than 24 months after today/,
    );
  });
});

describe('retry_schedule', () => {
  it("reads the document's schedule and judges the gaps between attempts", () => {
    const schedule = retrySchedule(DOC)!;
    expect(schedule).toEqual({ delaysSeconds: [0, 30, 300, 900, 3600, 21600], disableEndpointAfterFailures: 20 });
    const attempt = (at: string) => ({ attemptNumber: 1, attemptedAt: at, errorClass: 'http_status' });
    const delivery = (times: string[]) => ({
      deliveryId: 'dlv_1',
      status: 'failed',
      attemptCount: times.length,
      nextAttemptAt: null,
      attempts: times.map(attempt),
    });
    expect(gapProblems(delivery(['2026-11-22T00:00:00Z', '2026-11-22T00:00:30Z', '2026-11-22T00:05:30Z']), schedule.delaysSeconds)).toEqual(
      [],
    );
    expect(gapProblems(delivery(['2026-11-22T00:00:00Z', '2026-11-22T00:00:10Z']), schedule.delaysSeconds)).toEqual([
      'dlv_1: attempt 2 came 10 s after attempt 1; the schedule says 30 s',
    ]);
  });
});

describe('zoned_day_boundary', () => {
  it('moves to the next instant at a UTC hour', () => {
    expect(secondsUntil(new Date('2026-11-22T00:00:00Z'), 14, 5)).toBe(14 * 3600 + 300);
    expect(secondsUntil(new Date('2026-11-22T15:00:00Z'), 14, 5)).toBe(23 * 3600 + 300);
  });
});

describe('account_isolation on id fields', () => {
  it('takes every id field of the document and of a list', () => {
    expect([...documentIdFields(DOC)].sort()).toEqual(['attemptId', 'deliveryId', 'entityId', 'id', 'monitoringEventId', 'requestId']);
    expect(listIdFields(DOC, op('listMonitoringEvents')).sort()).toEqual(['entityId', 'monitoringEventId']);
  });

  it('puts an id field into the operations whose path it completes', () => {
    expect(pathWith(op('getMonitoringEntity'), '/monitoring/events', 'entityId', 7, {})).toEqual({ id: 7 });
    expect(pathWith(op('getMonitoringEvent'), '/monitoring/events', 'monitoringEventId', 9, {})).toEqual({ id: 9 });
    expect(pathWith(op('getMonitoringEvent'), '/monitoring/events', 'entityId', 7, {})).toBeUndefined();
    expect(pathWith(op('resendWebhookDelivery'), '/webhooks/{id}/deliveries', 'deliveryId', 'dlv_1', { id: 'we_1' })).toEqual({
      id: 'we_1',
      deliveryId: 'dlv_1',
    });
    expect(pathWith(op('deletePpsrAlert'), '/ppsr/alerts', 'id', 'al_1', {})).toEqual({ id: 'al_1' });
    expect(pathWith(op('getLodgement'), '/ppsr/alerts', 'id', 'al_1', {})).toBeUndefined();
  });
});
