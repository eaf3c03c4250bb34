// One exchange of a named statement with the engine (pglite-statements.ts): its Bind, Execute and
// Sync written straight into one buffer, sent in one call, and the answer read from its bytes.
//
// PGlite's own protocol parser copies every field of every row into a new buffer before decoding it,
// through private fields its build turns into WeakMap lookups: on the embedded engine that reading
// took more of the API's CPU than the statement itself (about 0.17 ms of a GET /webhooks against
// 0.13 ms in the WebAssembly, `npm run bench:write-path -- --engines pglite --paths read`). An
// answer holding only what a successful exchange sends (BindComplete, DataRow, CommandComplete,
// EmptyQueryResponse, PortalSuspended, NotificationResponse, ReadyForQuery) is read here, each text
// field decoded straight from the answer's bytes, into PGlite's own message classes. Any other
// message (an error, a notice) sends the whole answer through PGlite's parser instead, so it arrives
// exactly as PGlite would give it. A notification in the answer is not seen by PGlite: the caller
// delivers it (pglite-notifications.ts).
import { protocol, type PGlite } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type DatabaseError = InstanceType<typeof protocol.messages.DatabaseError>;

const BIND_COMPLETE = 0x32; // '2'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const EMPTY_QUERY = 0x49; // 'I'
const PORTAL_SUSPENDED = 0x73; // 's'
const NOTIFICATION = 0x41; // 'A'
const READY_FOR_QUERY = 0x5a; // 'Z'

const decoder = new TextDecoder();

/** The answer's messages, or undefined when it holds one this reader leaves to PGlite. */
function readPlainAnswer(bytes: Uint8Array): BackendMessage[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const messages: BackendMessage[] = [];
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at]!;
    // The length counts itself, not the code byte.
    const length = view.getInt32(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    if (length < 4 || end > bytes.length) return undefined;
    if (code === DATA_ROW) {
      const count = view.getInt16(start);
      const fields: (string | null)[] = new Array<string | null>(count);
      let p = start + 2;
      for (let i = 0; i < count; i++) {
        const size = view.getInt32(p);
        p += 4;
        if (size === -1) fields[i] = null;
        else {
          fields[i] = decoder.decode(bytes.subarray(p, p + size));
          p += size;
        }
      }
      messages.push(new protocol.messages.DataRowMessage(length, fields));
    } else if (code === COMMAND_COMPLETE) {
      // A C string: without its terminating zero.
      messages.push(new protocol.messages.CommandCompleteMessage(length, decoder.decode(bytes.subarray(start, end - 1))));
    } else if (code === BIND_COMPLETE) messages.push(protocol.messages.bindComplete);
    else if (code === EMPTY_QUERY) messages.push(protocol.messages.emptyQuery);
    else if (code === PORTAL_SUSPENDED) messages.push(protocol.messages.portalSuspended);
    else if (code === READY_FOR_QUERY)
      messages.push(new protocol.messages.ReadyForQueryMessage(length, String.fromCharCode(bytes[start]!)));
    else if (code === NOTIFICATION) {
      const processId = view.getInt32(start);
      const channelEnd = bytes.indexOf(0, start + 4);
      const payloadEnd = bytes.indexOf(0, channelEnd + 1);
      if (channelEnd < 0 || payloadEnd < 0 || payloadEnd >= end) return undefined;
      const channel = decoder.decode(bytes.subarray(start + 4, channelEnd));
      const payload = decoder.decode(bytes.subarray(channelEnd + 1, payloadEnd));
      messages.push(new protocol.messages.NotificationResponseMessage(length, processId, channel, payload));
    } else return undefined;
    at = end;
  }
  return at === bytes.length ? messages : undefined;
}

/** Every message of the answer through PGlite's parser; its first database error is thrown, as PGlite's query does. */
function readThroughPglite(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  let failed: DatabaseError | undefined;
  new protocol.Parser().parse(bytes, (message) => {
    if (message instanceof protocol.messages.DatabaseError) failed ??= message;
    else if (!(message instanceof protocol.messages.NoticeMessage)) messages.push(message);
  });
  if (failed) throw failed;
  return messages;
}

/** The chunks the engine wrote one answer in, as one array of bytes. */
export function joined(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const all = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

const BIND = 0x42; // 'B'
const EXECUTE = 0x45; // 'E'
const SYNC = 0x53; // 'S'

/**
 * A Bind of `values` (text, or null) to the named statement on the unnamed portal, an Execute of
 * that portal for every row, then a Sync: the bytes pg-protocol's serializer writes for the three
 * (its bind, execute and sync), written straight into one buffer. The serializer builds each message
 * in a growing writer of its own and copies it out: 18 to 22 us a call for the three values of GET
 * /webhooks' list, against about 1 us here (200,000 calls each, in turns in one process).
 */
export function bindExecuteSyncMessage(statement: string, values: readonly (string | null)[]): Uint8Array {
  const count = values.length;
  const statementBytes = Buffer.byteLength(statement);
  let valueBytes = 0;
  for (let i = 0; i < count; i++) {
    const value = values[i];
    valueBytes += 4 + (value === null || value === undefined ? 0 : Buffer.byteLength(value));
  }
  // After the code byte: the length itself, the portal's empty C string, the statement's C string,
  // the count and a text format code per value, the count again and the values, no result formats.
  const bindLength = 4 + 1 + statementBytes + 1 + 2 + 2 * count + 2 + valueBytes + 2;
  const message = Buffer.allocUnsafe(1 + bindLength + 10 + 5);
  let at = message.writeUInt8(BIND, 0);
  at = message.writeInt32BE(bindLength, at);
  at = message.writeUInt8(0, at);
  at += message.write(statement, at);
  at = message.writeUInt8(0, at);
  at = message.writeUInt16BE(count, at);
  for (let i = 0; i < count; i++) at = message.writeInt16BE(0, at);
  at = message.writeUInt16BE(count, at);
  for (let i = 0; i < count; i++) {
    const value = values[i];
    if (value === null || value === undefined) at = message.writeInt32BE(-1, at);
    else {
      const size = message.write(value, at + 4);
      at = message.writeInt32BE(size, at) + size;
    }
  }
  at = message.writeInt16BE(0, at);
  // Execute: the unnamed portal, no row limit.
  at = message.writeUInt8(EXECUTE, at);
  at = message.writeInt32BE(9, at);
  at = message.writeUInt8(0, at);
  at = message.writeInt32BE(0, at);
  // Sync: ends the statement's implicit transaction, or reports the state of an open one.
  at = message.writeUInt8(SYNC, at);
  message.writeInt32BE(4, at);
  return message;
}

/**
 * Sends one exchange (bindExecuteSyncMessage) in one call into the engine; the answer's bytes as the
 * engine writes them, without PGlite's parser (its execProtocolRaw parses them too, and would hand
 * notifications to PGlite's listeners: the caller does, pglite-notifications.ts).
 */
export async function exchange(client: PGlite, message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await client.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => void chunks.push(chunk.slice()) });
  return joined(chunks);
}

/** The messages of a Bind, Execute and Sync answer; throws the database's error when it holds one. */
export function readAnswer(bytes: Uint8Array): BackendMessage[] {
  return readPlainAnswer(bytes) ?? readThroughPglite(bytes);
}
