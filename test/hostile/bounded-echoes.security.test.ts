// Bounded echoes (D-55): an error answer quotes at most 100 characters of what a caller sent, in any
// message or field, and stays under 64 KiB whatever came in. A 7.3 MB Form 484 once came back as a
// 14.7 MB 422 because its sum-mismatch messages quoted share-class codes in full. Each case sends long
// caller text to one place an answer echoes it (a value in a rule's message, a key in a field path, a
// request path, a header) or enough faults to fill a list, in each error family.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../support/fixtures.js';
import { startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import { PREFIX, requestExamples, withValue } from '../support/requests.js';
import { MAX_LISTED_PROBLEMS } from '../../server/http/error-mappers.js';

let server: TestServer;
let account: TestAccount;
// Not recorded for the proxy replay, which reads test/integration/'s traffic only.
const it = serverTestWithAccount(
  (shared) => ({ server, account } = shared),
  () => startTestServer({ record: false }),
);

/** 64 KiB: no error answer is larger. */
const ANSWER_MAX_BYTES = 64 * 1024;
/** A unit of caller text easy to find in an answer; its emoji checks the cut keeps surrogate pairs whole. */
const UNIT = 'ZQ😀';
const UNIT_POINTS = 3;
/** `count` code points of caller text (rounded up to whole units). */
const long = (points: number): string => UNIT.repeat(Math.ceil(points / UNIT_POINTS));

/** The longest run of caller text an answer quotes, in code points. */
function longestEcho(text: string): number {
  const runs = text.match(/(?:ZQ😀)+(?:ZQ|Z)?/gu) ?? [];
  return Math.max(0, ...runs.map((run) => [...run].length));
}

interface Sent {
  status: number;
  text: string;
  body: unknown;
}

async function send(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  key = account.keys.secretTest,
): Promise<Sent> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as unknown };
}

function expectBounded(answer: Sent, status: number): void {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(Buffer.byteLength(answer.text)).toBeLessThan(ANSWER_MAX_BYTES);
  expect(longestEcho(answer.text)).toBeLessThanOrEqual(100);
}

const form484 = requestExamples<Record<string, unknown>>('/asic-484-forms');
const shares = form484.shareIssue!;
const office = form484.registeredOffice!;

interface Form484Answer {
  response: null;
  errors: { code: string; field: string; message: string }[];
}

describe('Form 484 (D-11 shape)', () => {
  it('a 7 MB share-class code in a sum mismatch: the message quotes 100 characters of it', async () => {
    const code = long(1_220_000);
    const members = (shares.members as Record<string, unknown>[]).map((row) => ({ ...row, shareClass: code }));
    const body = { ...withValue(withValue(shares, 'shareStructure.0.classCode', code), 'shareStructure.0.numberIssued', 1), members };
    const text = JSON.stringify(body);
    expect(Buffer.byteLength(text)).toBeGreaterThan(7_000_000);
    const answer = await send('POST', `${PREFIX.test}/asic-484-forms`, text);
    expectBounded(answer, 422);
    const mismatch = (answer.body as Form484Answer).errors.find((p) => p.code === 'sum_mismatch_v455');
    expect(mismatch?.message).toContain(`class ${code.slice(0, 20)}`);
    expect(mismatch?.message).toContain('…');
  });

  it('an unknown share class quotes 100 characters of it', async () => {
    const answer = await send(
      'POST',
      `${PREFIX.test}/asic-484-forms`,
      JSON.stringify(withValue(shares, 'members.0.shareClass', long(500_000))),
    );
    expectBounded(answer, 422);
    expect((answer.body as Form484Answer).errors.map((p) => p.code)).toContain('unknown_share_class');
  });

  it('an unknown key of 200,000 characters: its field is cut to 100', async () => {
    const answer = await send('POST', `${PREFIX.test}/asic-484-forms`, JSON.stringify({ ...office, [long(200_000)]: 1 }));
    expectBounded(answer, 422);
    const fields = (answer.body as Form484Answer).errors.map((p) => p.field);
    expect(fields.some((field) => field.startsWith('ZQ😀') && field.endsWith('…') && [...field].length === 100)).toBe(true);
  });

  it('thousands of faults: the first 100 are listed and a last entry says how many more there were', async () => {
    const answer = await send(
      'POST',
      `${PREFIX.test}/asic-484-forms`,
      JSON.stringify({ ...office, officeHolders: Array.from({ length: 900 }, () => ({})) }),
    );
    expectBounded(answer, 422);
    const { errors } = answer.body as Form484Answer;
    expect(errors).toHaveLength(MAX_LISTED_PROBLEMS + 1);
    expect(errors.at(-1)).toEqual({
      code: 'invalid_format',
      field: '',
      message: expect.stringMatching(/^Only the first 100 problems are listed; \d+ more were found/),
    });
  });
});

describe('ApiError shape (D-10)', () => {
  const webhook = requestExamples<Record<string, unknown>>('/webhooks');
  const endpoint = Object.values(webhook)[0]!;

  it('hundreds of long unknown keys: keys cut to 100, at most 100 problems, then too_many at body', async () => {
    const body = { ...endpoint, ...Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`${i}${long(300)}`, 1])) };
    const answer = await send('POST', `${PREFIX.test}/webhooks`, JSON.stringify(body));
    expectBounded(answer, 422);
    const errors = (answer.body as { errors: Record<string, { code: string; message: string }[]> }).errors;
    expect(Object.values(errors).flat().length).toBeLessThanOrEqual(MAX_LISTED_PROBLEMS + 1);
    expect(errors.body?.map((p) => p.code)).toContain('too_many');
  });

  it('a long value quoted by a rule (an ACN of a monitoring order) is cut', async () => {
    const answer = await send('POST', `${PREFIX.test}/monitoring/entities`, JSON.stringify({ entities: [{ acn: long(100_000) }] }));
    expectBounded(answer, 422);
  });

  it('a long header value quoted in a refusal (the Content-Type charset) is cut', async () => {
    const answer = await send('POST', `${PREFIX.test}/webhooks`, JSON.stringify(endpoint), {
      'Content-Type': `application/json; charset=${'zq'.repeat(3000)}`,
    });
    expect(answer.status).toBe(415);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(1000);
  });
});

describe('shared shape (D-03, D-13)', () => {
  it('a 10,000-character unknown path: the 404 quotes 100 characters of it', async () => {
    const answer = await send('GET', `${PREFIX.test}/${'zq'.repeat(5000)}`);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('zq'.repeat(51));
  });

  it('a publishable key from a long Origin: the 403 quotes 100 characters of the host', async () => {
    const host = `${'zq'.repeat(2000)}.example`;
    const answer = await send(
      'GET',
      `${PREFIX.test}/helpers/company-name-availability?name=ACME`,
      undefined,
      { Origin: `https://${host}` },
      account.keys.publishableTest,
    );
    expect(answer.status, answer.text.slice(0, 200)).toBe(403);
    expect(answer.text).not.toContain('zq'.repeat(51));
  });
});
