// Loaded into a server process by the write-path profiler (`node --import ./bench/http/profile-hook.mjs
// build/server.mjs`), never by the server itself. SIGUSR2 starts a CPU profile and a count of the
// statements sent to PostgreSQL; the next SIGUSR2 stops both and writes them to PROFILE_OUT
// (`<PROFILE_OUT>.cpuprofile`, `<PROFILE_OUT>.statements.json`), then prints "profile written". Only
// the load window is recorded: start-up and set-up stay out of the figures (PROFILE_FROM_START=1
// records the start instead, until the first SIGUSR2).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import { TextDecoder } from 'node:util';
import { createRequire } from 'node:module';

const out = process.env.PROFILE_OUT;
const require = createRequire(import.meta.url);
const session = new Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));

/** Statement text -> times sent, while recording. The pg driver is shared with the server (one module instance). */
const statements = new Map();
let recording = false;
try {
  const pg = require('pg');
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(config, ...rest) {
    if (recording) {
      // Keyed by the text as sent; normalised once, when written (counting must cost next to nothing).
      const text = typeof config === 'string' ? config : (config?.text ?? String(config));
      statements.set(text, (statements.get(text) ?? 0) + 1);
    }
    return original.call(this, config, ...rest);
  };
} catch {
  // No PostgreSQL driver installed: the CPU profile alone.
}

/**
 * PGlite: every protocol message of a query passes through execProtocolStream or, a Bind with its Execute and
 * Sync, execProtocolRawStream (server/store/pglite-answer.ts), one call at a time (its mutex). A
 * simple Query (Q) names its statement; a Parse (P) names the statement's text under the name that later
 * Binds (B) run it by: the service parses a text once (server/store/pglite-statements.ts), usually before
 * the load window, so its Parses are remembered always and each Bind is counted as one run of that text.
 * The messages after it belong to the same statement. Counted with the time spent inside PGlite (the
 * WebAssembly runs synchronously, so wall time is its CPU).
 */
const embedded = new Map();
try {
  const { PGlite } = await import('@electric-sql/pglite');
  let current = '';
  const decoder = new TextDecoder();
  /** Prepared statement name -> its text. */
  const parsed = new Map();
  /** The C string of `message` from `start`, and where the next field starts. */
  const cString = (message, start) => {
    let end = start;
    while (end < message.length && message[end] !== 0) end += 1;
    return { text: decoder.decode(message.subarray(start, end)), next: end + 1 };
  };
  const count = (text) => {
    current = text;
    const entry = embedded.get(text) ?? { count: 0, ms: 0 };
    entry.count += 1;
    embedded.set(text, entry);
  };
  const counted = (original) =>
    async function countedCall(message, ...rest) {
      const type = message[0];
      // Q: int32 length, then the text; P: int32 length, the statement name, then the text (C strings).
      if (type === 0x50) {
        const name = cString(message, 5);
        const text = cString(message, name.next).text;
        if (name.text !== '') parsed.set(name.text, text);
        if (recording && name.text === '') count(text);
      } else if (recording && type === 0x51) count(cString(message, 5).text);
      // B: int32 length, the portal's name, then the statement's name.
      else if (recording && type === 0x42) {
        const statement = cString(message, cString(message, 5).next).text;
        if (statement !== '') count(parsed.get(statement) ?? `(prepared statement ${statement})`);
      }
      if (!recording) return original.call(this, message, ...rest);
      const started = performance.now();
      try {
        return await original.call(this, message, ...rest);
      } finally {
        const entry = embedded.get(current);
        if (entry) entry.ms += performance.now() - started;
      }
    };
  PGlite.prototype.execProtocolStream = counted(PGlite.prototype.execProtocolStream);
  PGlite.prototype.execProtocolRawStream = counted(PGlite.prototype.execProtocolRawStream);
} catch {
  // No PGlite installed: nothing to count.
}

await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 200 });

// PROFILE_FROM_START=1: record from here (the start itself), until the first SIGUSR2.
if (process.env.PROFILE_FROM_START === '1') {
  recording = true;
  await post('Profiler.start');
}

process.on('SIGUSR2', () => {
  if (!recording) {
    recording = true;
    statements.clear();
    embedded.clear();
    void post('Profiler.start');
    return;
  }
  recording = false;
  void post('Profiler.stop').then(({ profile }) => {
    writeFileSync(`${out}.cpuprofile`, JSON.stringify(profile));
    // Whitespace folded and literal id lists (the claimed jobs' ids) replaced, so one statement is one entry.
    const counted = new Map();
    for (const [text, count] of statements) {
      const key = text
        .replace(/\s+/g, ' ')
        .replace(/ARRAY\[[0-9,]+\]/g, 'ARRAY[...]')
        .trim();
      counted.set(key, { count: (counted.get(key)?.count ?? 0) + count });
    }
    for (const [text, { count, ms }] of embedded) {
      const key = text
        .replace(/\s+/g, ' ')
        .replace(/ARRAY\[[0-9,]+\]/g, 'ARRAY[...]')
        .trim();
      const entry = counted.get(key) ?? { count: 0, ms: 0 };
      counted.set(key, { count: entry.count + count, ms: entry.ms + ms });
    }
    writeFileSync(`${out}.statements.json`, JSON.stringify(Object.fromEntries(counted), null, 1));
    process.stdout.write('profile written\n');
  });
});
