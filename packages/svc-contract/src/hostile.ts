// Hostile requests: fast-check arbitraries that take one concrete request of an operation
// (its example) and break it the ways the attack run did: keys named like built-in properties at any
// depth, NUL and lone surrogates, malformed percent-escapes, huge arrays, deep nesting, extreme
// numbers, encodings or charsets other than UTF-8 JSON, a member name written twice in one object
// (D-56), which the service refuses with 422 at its path, and long caller text in every place an error
// answer may quote it (D-55: values, keys, many keys, query values, path segments, headers). Each
// request must be refused with a 4xx
// (or still succeed); a 5xx is a bug. Used by the contract runner's fuzzing phase and by the
// hostile-input gate of the test suite (test/hostile/hostile-fuzz.property.test.ts), which
// runs them over every operation of both documents.
import fc from 'fast-check';

export const HOSTILE_KINDS = [
  'prototype_keys',
  'unsafe_text',
  'bad_escapes',
  'huge_arrays',
  'deep_nesting',
  'extreme_numbers',
  'encodings',
  'duplicate_keys',
  'long_text',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** One request of an operation, as the example gives it. */
export interface HostileBase {
  /** The document's path template (`/lodgements/{requestId}`), prefix not included. */
  template: string;
  /** A value for every path parameter (unencoded). */
  pathValues: Record<string, string>;
  /** Path parameters of type integer. */
  integerParams: readonly string[];
  /** Query parameters sent (unencoded). */
  query: Record<string, string>;
  /** Every query parameter the operation declares, and those of type integer. */
  queryNames: readonly string[];
  integerQuery: readonly string[];
  headers: Record<string, string>;
  /** The JSON body, when the operation takes one. */
  body?: unknown;
}

export interface HostileRequest {
  kind: HostileKind;
  /** What was done, for the failure message. */
  label: string;
  /** Path and query, prefix not included. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** How the body text is to be turned into bytes (UTF-8 unless said). */
  encodeAs?: 'latin1' | 'utf16le';
  /** `duplicate_keys`: the path (`a.0.b`, as the service reports paths) of the repeated name. */
  duplicateAt?: string;
}

type Key = string | number;
type Json = unknown;

export const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
  'prototype',
] as const;

const UNSAFE_PIECES = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDC00\uD800', 'a\u0000', '\uD83D'];

const BAD_SEGMENTS = [
  '%',
  '%f',
  '%ff',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  'a%00b',
  '%FF%FE',
  '%%31',
  '%u0041',
  '%F4%90%80%80',
  '%C3',
];

const EXTREME_JSON_NUMBERS = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '9007199254740993',
  '18446744073709551616',
  '-0',
  '0.5',
  '1.0',
  '1e0',
  '99999999999999999999999999999999999999',
  '-9223372036854775809',
];

const EXTREME_PARAMETERS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '0x1',
  '1e3',
  '1e400',
  '+1',
  '-1',
  '0',
  '00000000000000000000001',
  '\uFF11',
  '1_000',
  ' 1',
  '1 ',
  '\u0663',
  '0b1',
  '9007199254740993',
  '400000000000000000',
  '18446744073709551616',
  '1.5',
];

const ENCODINGS = ['gzip', 'deflate', 'br', 'compress', 'x-gzip', 'zstd', 'gzip, identity', 'identity', 'IDENTITY', 'chunked'];
const CHARSETS = [
  'latin1',
  'iso-8859-1',
  'utf-16',
  'UTF-16LE',
  'utf-32',
  'us-ascii',
  'windows-1252',
  'utf-8',
  'UTF8',
  '"utf-8"',
  'bogus',
  '',
];

// ---------------------------------------------------------------------------------------------------
// JSON text with what JSON.stringify cannot write: raw pieces (deep nesting, number literals such as
// 1e400) are placeholders in the value, replaced in the text afterwards.

class RawPieces {
  private readonly pieces: string[] = [];
  /** A placeholder string standing for `text` in the serialised JSON. */
  piece(text: string): string {
    this.pieces.push(text);
    return `\u0001${this.pieces.length - 1}\u0001`;
  }
  stringify(value: Json): string {
    return JSON.stringify(value).replace(/"\\u0001(\d+)\\u0001"/g, (_, index: string) => this.pieces[Number(index)]!);
  }
}

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths of every value inside a JSON value, the root (`[]`) first. */
function allPaths(value: Json, path: Key[] = []): Key[][] {
  const here = [path];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => allPaths(v, [...path, i]))];
  if (isRecord(value)) return [...here, ...Object.entries(value).flatMap(([k, v]) => allPaths(v, [...path, k]))];
  return here;
}

function valueAt(value: Json, path: readonly Key[]): Json {
  let cursor = value;
  for (const key of path) cursor = (cursor as Record<Key, Json>)[key];
  return cursor;
}

/** A copy with the value at `path` replaced (the root when `path` is empty). Own data properties only. */
function setAt(value: Json, path: readonly Key[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<Key, Json>;
  Object.defineProperty(parent, path[path.length - 1]!, { value: replacement, enumerable: true, writable: true, configurable: true });
  return copy;
}

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

function buildPath(base: HostileBase, rawSegments: Record<string, string> = {}, rawQuery = ''): string {
  const path = base.template.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => rawSegments[name] ?? encodeURIComponent(base.pathValues[name] ?? '1'),
  );
  const query = new URLSearchParams(base.query).toString();
  const search = [query, rawQuery].filter((part) => part !== '').join('&');
  return search ? `${path}?${search}` : path;
}

function jsonRequest(base: HostileBase, kind: HostileKind, label: string, text: string, path = buildPath(base)): HostileRequest {
  return { kind, label, path, headers: { ...base.headers, 'Content-Type': 'application/json' }, body: text };
}

/** The example body, or an empty object for an operation that takes none (sent anyway: the server must ignore or refuse it). */
function bodyOf(base: HostileBase): Json {
  return base.body === undefined ? {} : base.body;
}

const junk: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(1, 'x', null, true, {}, [], { polluted: true }, [{}], -1),
  fc.jsonValue({ maxDepth: 2 }),
);

// ---------------------------------------------------------------------------------------------------
// The generators: each takes the example request and returns requests broken one way.

function prototypeKeys(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc.tuple(fc.nat(), fc.constantFrom(...PROTOTYPE_NAMES), junk, fc.nat({ max: 2 })).map(([where, name, value, mode]) => {
    const body = bodyOf(base);
    const objects = allPaths(body).filter((path) => isRecord(valueAt(body, path)));
    if (mode === 0 || objects.length === 0) {
      const rawQuery = `${encodeURIComponent(name)}=1&${encodeURIComponent(name)}%5Bx%5D=2${base.queryNames.length > 0 ? `&${pick(base.queryNames, where)}=${encodeURIComponent(name)}` : ''}`;
      // The header too: a header is a key of Node's header object and of the pipeline's copy of it.
      return {
        kind: 'prototype_keys',
        label: `query key and header ${name}`,
        path: buildPath(base, {}, rawQuery),
        headers: { ...base.headers, [name]: '1' },
      };
    }
    const target = pick(objects, where);
    const replaced = setAt(body, [...target, name], value);
    return jsonRequest(base, 'prototype_keys', `body key ${[...target, name].join('.')}`, JSON.stringify(replaced));
  });
}

function unsafeText(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc.tuple(fc.nat(), fc.constantFrom(...UNSAFE_PIECES), fc.nat({ max: 40 }), fc.nat({ max: 3 })).map(([where, piece, at, mode]) => {
    const body = bodyOf(base);
    const strings = allPaths(body).filter((path) => typeof valueAt(body, path) === 'string');
    const objects = allPaths(body).filter((path) => isRecord(valueAt(body, path)));
    const spliced = (text: string): string => `${text.slice(0, at % (text.length + 1))}${piece}${text.slice(at % (text.length + 1))}`;
    if (mode === 0 && base.queryNames.length > 0 && piece === '\u0000') {
      const name = pick(base.queryNames, where);
      return {
        kind: 'unsafe_text',
        label: `query ${name} with NUL`,
        path: buildPath({ ...base, query: { ...base.query, [name]: spliced(base.query[name] ?? 'a') } }),
        headers: { ...base.headers },
      };
    }
    if ((mode === 1 || strings.length === 0) && objects.length > 0) {
      const target = pick(objects, where);
      const key = spliced('field');
      return jsonRequest(
        base,
        'unsafe_text',
        `body key at ${target.join('.') || '(root)'}`,
        JSON.stringify(setAt(body, [...target, key], 'x')),
      );
    }
    if (strings.length > 0) {
      const target = pick(strings, where);
      return jsonRequest(
        base,
        'unsafe_text',
        `body string ${target.join('.')}`,
        JSON.stringify(setAt(body, target, spliced(valueAt(body, target) as string))),
      );
    }
    const names = Object.keys(base.pathValues);
    const segment = names.length > 0 ? pick(names, where) : undefined;
    return {
      kind: 'unsafe_text',
      label: `path ${segment ?? '(none)'} with NUL`,
      path: segment ? buildPath(base, { [segment]: `a%00${encodeURIComponent(base.pathValues[segment] ?? '')}` }) : `${buildPath(base)}%00`,
      headers: { ...base.headers },
    };
  });
}

function badEscapes(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc.tuple(fc.nat(), fc.constantFrom(...BAD_SEGMENTS), fc.boolean()).map(([where, segment, inQuery]) => {
    const names = Object.keys(base.pathValues);
    if (!inQuery && names.length > 0) {
      const name = pick(names, where);
      return {
        kind: 'bad_escapes',
        label: `path ${name}=${segment}`,
        path: buildPath(base, { [name]: segment }),
        headers: { ...base.headers },
      };
    }
    const name = base.queryNames.length > 0 ? pick(base.queryNames, where) : 'q';
    const path = inQuery ? buildPath(base, {}, `${name}=${segment}&${segment}=1`) : `${buildPath(base).split('?')[0]}${segment}`;
    return { kind: 'bad_escapes', label: `${inQuery ? 'query' : 'path end'} ${segment}`, path, headers: { ...base.headers } };
  });
}

function hugeArrays(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(
      fc.nat(),
      fc.constantFrom(1000, 1001, 5000, 70_000),
      fc.constantFrom<Json>(1, 'x', null, {}, [], 'monitoring.change_detected'),
      fc.boolean(),
    )
    .map(([where, length, item, inQuery]) => {
      if (inQuery && base.queryNames.length > 0) {
        const name = pick(base.queryNames, where);
        return {
          kind: 'huge_arrays',
          label: `query ${name} repeated 1000 times`,
          path: buildPath(base, {}, Array.from({ length: 1000 }, () => `${name}=1`).join('&')),
          headers: { ...base.headers },
        };
      }
      const body = bodyOf(base);
      const target = pick(allPaths(body), where);
      const raw = new RawPieces();
      // The item's text repeated, not serialised once per item: the same bytes, without tens of
      // thousands of JSON.stringify calls per request.
      const one = JSON.stringify(item);
      const items = `${one},`.repeat(length - 1) + one;
      const text = raw.stringify(setAt(body, target, raw.piece(`[${items}]`)));
      return jsonRequest(base, 'huge_arrays', `${length} items at ${target.join('.') || '(root)'}`, text);
    });
}

function deepNesting(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(fc.nat(), fc.constantFrom(33, 100, 1000, 10_000), fc.constantFrom('arrays', 'objects', 'mixed', 'proto'))
    .map(([where, depth, shape]) => {
      const body = bodyOf(base);
      const target = pick(allPaths(body), where);
      const open = shape === 'arrays' ? '[' : shape === 'objects' ? '{"a":' : shape === 'proto' ? '{"__proto__":' : '[{"a":';
      const close = shape === 'arrays' ? ']' : shape === 'objects' || shape === 'proto' ? '}' : '}]';
      const raw = new RawPieces();
      const text = raw.stringify(setAt(body, target, raw.piece(`${open.repeat(depth)}1${close.repeat(depth)}`)));
      return jsonRequest(base, 'deep_nesting', `${depth} deep (${shape}) at ${target.join('.') || '(root)'}`, text);
    });
}

function extremeNumbers(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(fc.nat(), fc.constantFrom(...EXTREME_JSON_NUMBERS), fc.constantFrom(...EXTREME_PARAMETERS), fc.nat({ max: 2 }))
    .map(([where, literal, parameter, mode]) => {
      if (mode === 0 && base.integerParams.length > 0) {
        const name = pick(base.integerParams, where);
        return {
          kind: 'extreme_numbers',
          label: `path ${name}=${parameter}`,
          path: buildPath(base, { [name]: encodeURIComponent(parameter) }),
          headers: { ...base.headers },
        };
      }
      if (mode === 1 && base.queryNames.length > 0) {
        const names = base.integerQuery.length > 0 ? base.integerQuery : base.queryNames;
        const name = pick(names, where);
        return {
          kind: 'extreme_numbers',
          label: `query ${name}=${parameter}`,
          path: buildPath({ ...base, query: { ...base.query, [name]: parameter } }),
          headers: { ...base.headers },
        };
      }
      const body = bodyOf(base);
      const paths = allPaths(body);
      const numbers = paths.filter((path) => typeof valueAt(body, path) === 'number');
      const target = numbers.length > 0 && where % 2 === 0 ? pick(numbers, where) : pick(paths, where);
      const raw = new RawPieces();
      return jsonRequest(
        base,
        'extreme_numbers',
        `${literal} at ${target.join('.') || '(root)'}`,
        raw.stringify(setAt(body, target, raw.piece(literal))),
      );
    });
}

function encodings(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(
      fc.option(fc.constantFrom(...ENCODINGS), { nil: undefined }),
      fc.option(fc.constantFrom(...CHARSETS), { nil: undefined }),
      fc.constantFrom<HostileRequest['encodeAs'] | 'bom' | 'utf8'>('utf8', 'latin1', 'utf16le', 'bom'),
    )
    .filter(([encoding, charset, bytes]) => encoding !== undefined || charset !== undefined || bytes !== 'utf8')
    .map(([encoding, charset, bytes]) => {
      // A non-ASCII character, so latin1 and UTF-16 bytes differ from UTF-8.
      const body = base.body === undefined ? { note: 'Café' } : base.body;
      const text = `${bytes === 'bom' ? '\uFEFF' : ''}${JSON.stringify(isRecord(body) ? { ...body, ['é']: 'ü' } : body)}`;
      const headers: Record<string, string> = {
        ...base.headers,
        'Content-Type': charset === undefined ? 'application/json' : `application/json; charset=${charset}`,
        ...(encoding !== undefined ? { 'Content-Encoding': encoding } : {}),
      };
      const label = `Content-Encoding ${encoding ?? '-'}, charset ${charset ?? '-'}, bytes ${bytes ?? 'utf8'}`;
      return {
        kind: 'encodings',
        label,
        path: buildPath(base),
        headers,
        body: text,
        ...(bytes === 'latin1' || bytes === 'utf16le' ? { encodeAs: bytes } : {}),
      };
    });
}

/** A path as the service reports it: keys joined with dots, no leading dot (server/http/json-guard.ts). */
export function dottedPath(path: readonly Key[]): string {
  return path.reduce<string>((joined, key) => (joined === '' ? String(key) : `${joined}.${key}`), '');
}

/** Names to repeat besides the object's own: plain ones, and one JSON.parse treats specially. */
const REPEATED_NAMES = ['id', 'name', 'email', 'type', 'x', '__proto__', 'constructor'] as const;

/**
 * An object written with `name` twice: the hidden value first (what a first-wins reader keeps) and
 * then its own value, or, for a name the object lacks, `hidden` and `shown`. Members are in the
 * object's order otherwise.
 */
function objectWithRepeat(object: Record<string, Json>, name: string, hidden: Json, shown: Json, hiddenFirst: boolean): string {
  const member = (key: string, value: Json): string => `${JSON.stringify(key)}:${JSON.stringify(value)}`;
  const members = Object.entries(object).map(([key, value]) => member(key, value));
  const own = Object.hasOwn(object, name) ? [] : [member(name, shown)];
  const extra = member(name, hidden);
  return `{${(hiddenFirst ? [extra, ...members, ...own] : [...members, ...own, extra]).join(',')}}`;
}

function duplicateKeys(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc
    .tuple(
      fc.nat(),
      fc.nat({ max: 2 }),
      fc.oneof(
        fc.constantFrom(...REPEATED_NAMES),
        fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.includes('.')),
      ),
      junk,
      junk,
      fc.boolean(),
      // A chain of arrays and objects leading to the object with the repeat, at a random depth.
      fc.array(fc.oneof(fc.constant<Key>(0), fc.constantFrom<Key>('nested', 'items', 'data')), { maxLength: 8 }),
    )
    .map(([where, mode, pickedName, hidden, shown, hiddenFirst, chain]) => {
      const body = bodyOf(base);
      const objects = allPaths(body).filter((path) => isRecord(valueAt(body, path)));
      const existing = objects.length > 0 ? pick(objects, where) : undefined;
      const raw = new RawPieces();
      if (mode !== 2 && existing !== undefined) {
        // A name the object already has (its hidden twin smuggled next to it), or another one.
        const object = valueAt(body, existing) as Record<string, Json>;
        const ownNames = Object.keys(object);
        const name = mode === 0 && ownNames.length > 0 ? pick(ownNames, where) : pickedName;
        const text = raw.stringify(setAt(body, existing, raw.piece(objectWithRepeat(object, name, hidden, shown, hiddenFirst))));
        const at = dottedPath([...existing, name]);
        return { ...jsonRequest(base, 'duplicate_keys', `name ${name} twice at ${at}`, text), duplicateAt: at };
      }
      // Deeper than the example goes: a chain of objects and arrays ending in the object with the repeat.
      const paths = allPaths(body);
      const target = isRecord(body) ? [...pick(objects, where), 'extra'] : pick(paths, where);
      let inner = objectWithRepeat({ kept: 1 }, pickedName, hidden, shown, hiddenFirst);
      for (const step of [...chain].reverse()) inner = typeof step === 'number' ? `[${inner}]` : `{${JSON.stringify(step)}:${inner}}`;
      const text = raw.stringify(setAt(body, target, raw.piece(inner)));
      const at = dottedPath([...target, ...chain, pickedName]);
      return {
        ...jsonRequest(base, 'duplicate_keys', `name ${pickedName} twice at ${at} (${chain.length} levels added)`, text),
        duplicateAt: at,
      };
    });
}

// ---------------------------------------------------------------------------------------------------
// Long caller text (D-55): an answer may quote at most 100 characters of it, and no error answer
// reaches 64 KiB. In a JSON body the text holds an emoji, so a cut inside a surrogate pair would show;
// in a URL or a header it is ASCII.

/** Text easy to find in an answer: `ZQ` pairs and emoji. */
export function longText(points: number, ascii = false): string {
  const unit = ascii ? 'ZQ' : 'ZQ😀';
  return unit.repeat(Math.ceil(points / [...unit].length));
}

/** The longest run of `longText` an answer quotes, in code points. */
export function longestEcho(text: string): number {
  const runs = text.match(/(?:ZQ|😀)+/gu) ?? [];
  return runs.reduce((max, run) => Math.max(max, [...run].length), 0);
}

/** An error answer's bytes at most, whatever came in (D-55). */
export const ERROR_ANSWER_MAX_BYTES = 64 * 1024;

function longTextRequests(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc.tuple(fc.nat(), fc.constantFrom(150, 5_000, 200_000), fc.nat({ max: 5 })).map(([where, points, mode]): HostileRequest => {
    const body = bodyOf(base);
    const strings = allPaths(body).filter((path) => typeof valueAt(body, path) === 'string');
    const objects = allPaths(body).filter((path) => isRecord(valueAt(body, path)));
    const inUrl = Math.min(points, 3_000);
    if (mode === 3 && base.queryNames.length > 0) {
      const name = pick(base.queryNames, where);
      return {
        kind: 'long_text',
        label: `query ${name} of ${inUrl}`,
        path: buildPath({ ...base, query: { ...base.query, [name]: longText(inUrl, true) } }),
        headers: { ...base.headers },
      };
    }
    if (mode === 4) {
      const names = Object.keys(base.pathValues);
      const name = names.length > 0 ? pick(names, where) : undefined;
      return {
        kind: 'long_text',
        label: `path ${name ?? 'end'} of ${inUrl}`,
        path: name ? buildPath(base, { [name]: longText(inUrl, true) }) : `${buildPath(base).split('?')[0]}/${longText(inUrl, true)}`,
        headers: { ...base.headers },
      };
    }
    if (mode === 5) {
      // A header an answer may quote: the Idempotency-Key, the charset, the Content-Encoding.
      const header = pick(['Idempotency-Key', 'Content-Type', 'Content-Encoding'], where);
      const value = header === 'Content-Type' ? `application/json; charset=${longText(inUrl, true)}` : longText(inUrl, true);
      return {
        ...jsonRequest(base, 'long_text', `header ${header} of ${inUrl}`, JSON.stringify(body)),
        headers: { ...base.headers, 'Content-Type': 'application/json', [header]: value },
      };
    }
    if (mode === 2 && objects.length > 0) {
      const target = pick(objects, where);
      const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`${i}${longText(150)}`, 1]));
      const replaced = setAt(body, target, { ...(valueAt(body, target) as Record<string, Json>), ...many });
      return jsonRequest(base, 'long_text', `400 long keys at ${target.join('.') || '(root)'}`, JSON.stringify(replaced));
    }
    if ((mode === 1 || strings.length === 0) && objects.length > 0) {
      const target = pick(objects, where);
      return jsonRequest(
        base,
        'long_text',
        `key of ${points} at ${target.join('.') || '(root)'}`,
        JSON.stringify(setAt(body, [...target, longText(points)], 'x')),
      );
    }
    // Every string equal to the one chosen becomes the long text, so values that must match (a
    // share class and its members' rows) still match and reach the rules that quote them.
    const target = strings.length > 0 ? pick(strings, where) : [];
    const chosen = valueAt(body, target);
    const text = longText(points);
    const replaced = strings.reduce((acc, path) => (valueAt(body, path) === chosen ? setAt(acc, path, text) : acc), body);
    return jsonRequest(
      base,
      'long_text',
      `strings equal to ${JSON.stringify(chosen)?.slice(0, 40)} of ${points}`,
      JSON.stringify(replaced),
    );
  });
}

const GENERATORS: Record<HostileKind, (base: HostileBase) => fc.Arbitrary<HostileRequest>> = {
  prototype_keys: prototypeKeys,
  unsafe_text: unsafeText,
  bad_escapes: badEscapes,
  huge_arrays: hugeArrays,
  deep_nesting: deepNesting,
  extreme_numbers: extremeNumbers,
  encodings,
  duplicate_keys: duplicateKeys,
  long_text: longTextRequests,
};

/** Hostile requests of one kind built from the operation's example request. */
export function hostileRequests(kind: HostileKind, base: HostileBase): fc.Arbitrary<HostileRequest> {
  return GENERATORS[kind](base);
}

/** Hostile requests of every kind. */
export function anyHostileRequest(base: HostileBase): fc.Arbitrary<HostileRequest> {
  return fc.oneof(...HOSTILE_KINDS.map((kind) => GENERATORS[kind](base)));
}

/** The bytes to send for a hostile request's body. */
export function hostileBodyBytes(request: HostileRequest): Buffer | undefined {
  if (request.body === undefined) return undefined;
  return Buffer.from(request.body, request.encodeAs ?? 'utf8');
}
