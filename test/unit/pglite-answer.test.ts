// The reader of a named statement's Bind, Execute and Sync answer (server/store/pglite-answer.ts)
// against PGlite's own protocol parser, on answers the engine itself writes: the same messages for
// rows (nulls, empty strings, multi-byte text, arrays, many rows), for a write, for an empty query and
// for a notification; the database's own error thrown where the answer holds one; a notice left out,
// as PGlite's query does. The message sent is byte for byte what PGlite's serializer writes.
import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindExecuteSyncMessage, exchange, joined, readAnswer } from '../../server/store/pglite-answer.js';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

let db: PGlite;
let statements = 0;

beforeAll(async () => {
  db = new PGlite('memory://');
  await db.exec(`create table t (id int primary key, label text, tags text[], at timestamptz);
    insert into t values (1, 'plain', '{a,b}', '2026-01-02T03:04:05.678Z'), (2, null, '{}', null), (3, '', null, null),
      (4, 'Größe 🦘 "quoted" \\ back', '{"x y",z}', '2026-12-31T23:59:59.999Z');`);
}, 60_000);

afterAll(async () => {
  await db.close();
});

/** The bytes the engine answers a Bind, Execute and Sync of `text` with (parsed first under a new name). */
async function answerTo(text: string, values: (string | null)[] = []): Promise<Uint8Array> {
  const name = `answer_${++statements}`;
  await db.execProtocolStream(protocol.serialize.parse({ name, text }), { syncToFs: false });
  return exchange(db, bindExecuteSyncMessage(name, values));
}

/** PGlite's own reading of the same bytes. */
function throughPglite(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  new protocol.Parser().parse(bytes, (message) => void messages.push(message));
  return messages;
}

describe('a Bind, Execute and Sync answer', () => {
  it('reads rows as PGlite does: nulls, empty strings, multi-byte text, arrays, timestamps', async () => {
    const bytes = await answerTo('select id, label, tags, at from t where id >= $1 order by id', ['1']);
    const read = readAnswer(bytes);
    expect(read.map((m) => m.name)).toEqual([
      'bindComplete',
      'dataRow',
      'dataRow',
      'dataRow',
      'dataRow',
      'commandComplete',
      'readyForQuery',
    ]);
    expect(read).toEqual(throughPglite(bytes));
    expect((read[4] as InstanceType<typeof protocol.messages.DataRowMessage>).fields).toEqual([
      '4',
      'Größe 🦘 "quoted" \\ back',
      '{"x y",z}',
      '2026-12-31 23:59:59.999+00',
    ]);
  });

  it('reads many rows, a write and an empty query as PGlite does, from one chunk or several', async () => {
    for (const [text, values] of [
      ['select g, repeat($1, g) from generate_series(1, 2000) g', ['ab']],
      ['update t set label = label where id > $1', ['0']],
      ['', []],
    ] as const) {
      const bytes = await answerTo(text, [...values]);
      expect(readAnswer(bytes), text).toEqual(throughPglite(bytes));
      // An answer the engine wrote in several chunks reads the same once joined.
      expect(readAnswer(joined([bytes.subarray(0, 7), bytes.subarray(7, 7), bytes.subarray(7)])), text).toEqual(readAnswer(bytes));
    }
  });

  it('reads a notification its Sync brings as PGlite does', async () => {
    await db.exec('LISTEN answer_channel');
    const bytes = await answerTo('select pg_notify($1, $2)', ['answer_channel', 'Größe 🦘']);
    const read = readAnswer(bytes);
    expect(read.map((m) => m.name)).toEqual(['bindComplete', 'dataRow', 'commandComplete', 'notification', 'readyForQuery']);
    expect(read).toEqual(throughPglite(bytes));
    expect(read[3]).toMatchObject({ channel: 'answer_channel', payload: 'Größe 🦘' });
  });

  it("throws the database's own error, with its code", async () => {
    const bytes = await answerTo('insert into t (id) values ($1)', ['1']);
    expect(() => readAnswer(bytes)).toThrow(protocol.messages.DatabaseError);
    expect(() => readAnswer(bytes)).toThrow(expect.objectContaining({ code: '23505', constraint: 't_pkey' }));
  });

  it('leaves a notice out and keeps the rest, as PGlite does without onNotice', async () => {
    const noticed = await answerTo(`drop table if exists not_there`);
    expect(throughPglite(noticed).map((m) => m.name)).toContain('notice');
    expect(readAnswer(noticed).map((m) => m.name)).toEqual(['bindComplete', 'commandComplete', 'readyForQuery']);
  });
});

describe('a Bind, Execute and Sync message', () => {
  it("is byte for byte pg-protocol's bind, execute and sync, for any values", () => {
    const serialized = (statement: string, values: (string | null)[]): Uint8Array =>
      Uint8Array.from([...protocol.serialize.bind({ statement, values }), ...protocol.serialize.execute({}), ...protocol.serialize.sync()]);
    for (const [statement, values] of [
      ['svc_1', []],
      ['svc_12', ['acc_1', 'test', 'key_1']],
      ['svc_300', [null, '', 'Größe 🦘 "quoted" \\ back', null]],
      ['svc_4', ['x'.repeat(70_000), '{"a":[1,2]}']],
      ['statement name with ünïcode', ['2026-12-31T23:59:59.999Z']],
    ] as const) {
      expect(Uint8Array.from(bindExecuteSyncMessage(statement, [...values])), statement).toEqual(serialized(statement, [...values]));
    }
  });

  it('binds what the engine reads back: nulls, empty strings and multi-byte text arrive as sent', async () => {
    const values = [null, '', 'Größe 🦘', 'x'.repeat(5_000)];
    const bytes = await answerTo('select $1::text, $2::text, $3::text, $4::text', values);
    const [, row] = readAnswer(bytes);
    expect((row as InstanceType<typeof protocol.messages.DataRowMessage>).fields).toEqual(values);
  });
});
