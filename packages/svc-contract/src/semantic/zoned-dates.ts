// Dates the document places in a zone (`x-date-zone`) inside an answer, found by walking the
// answer's schema beside its value. `x-date-today: on-create` marks a date that, in the answer that
// created the thing (201), is the service's today in that zone: a server that takes the UTC date
// instead is a day out for ten hours of every Brisbane day.
import { atPointer, resolvePointer } from '../document.js';
import type { JsonObject } from '../types.js';
import { dateInZone } from './clock.js';

export interface ZonedDate {
  /** JSON path in the answer, for the message. */
  path: string;
  value: string;
  zone: string;
  today?: string;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every zoned date of `value` under the schema at `pointer`. */
export function zonedDates(doc: JsonObject, pointer: string, value: unknown, path = '', depth = 0): ZonedDate[] {
  if (depth > 20) return [];
  const schemaPointer = resolvePointer(doc, pointer);
  const schema = atPointer(doc, schemaPointer);
  if (!isObject(schema)) return [];
  const out: ZonedDate[] = [];
  if (typeof schema['x-date-zone'] === 'string' && typeof value === 'string') {
    out.push({
      path: path || '/',
      value,
      zone: schema['x-date-zone'],
      ...(typeof schema['x-date-today'] === 'string' ? { today: schema['x-date-today'] } : {}),
    });
  }
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list))
      list.forEach((_, i) => out.push(...zonedDates(doc, `${schemaPointer}/${keyword}/${i}`, value, path, depth + 1)));
  }
  if (isObject(value) && isObject(schema.properties)) {
    for (const key of Object.keys(schema.properties))
      if (key in value) out.push(...zonedDates(doc, `${schemaPointer}/properties/${key}`, value[key], `${path}/${key}`, depth + 1));
  }
  if (Array.isArray(value) && isObject(schema.items))
    value.forEach((item, i) => out.push(...zonedDates(doc, `${schemaPointer}/items`, item, `${path}/${i}`, depth + 1)));
  // A property reached through two alternatives is one date.
  return out.filter((date, i) => out.findIndex((other) => other.path === date.path) === i);
}

/**
 * The problems of a created thing's dates: each `on-create` date must be the service's today in its
 * zone, by the clock read just before or just after the request (a day may turn between them).
 */
export function createdDateProblems(dates: ZonedDate[], clockReadings: Date[]): string[] {
  return dates
    .filter((date) => date.today === 'on-create')
    .flatMap((date) => {
      const todays = [...new Set(clockReadings.map((at) => dateInZone(at, date.zone)))];
      return todays.includes(date.value)
        ? []
        : [`${date.path} is ${date.value}; created today, ${date.zone} by the service clock, is ${todays.join(' or ')}`];
    });
}

/** A property of an answer whose schema carries `keyword`, with the object that holds it. */
export interface RuledProperty {
  path: string;
  holder: JsonObject;
  property: string;
  rule: unknown;
  /** The property's own schema (its `x-date-zone`, say). */
  schema: JsonObject;
}

/**
 * Every property of `value` (under the schema at `pointer`) whose schema carries `keyword`: the rules
 * about one field that name its siblings (`x-term` on `expiresAt` names `startsAt`) need the holder.
 */
export function ruledProperties(doc: JsonObject, pointer: string, value: unknown, keyword: string, path = '', depth = 0): RuledProperty[] {
  if (depth > 20) return [];
  const schemaPointer = resolvePointer(doc, pointer);
  const schema = atPointer(doc, schemaPointer);
  if (!isObject(schema)) return [];
  const out: RuledProperty[] = [];
  for (const word of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[word];
    if (Array.isArray(list))
      list.forEach((_, i) => out.push(...ruledProperties(doc, `${schemaPointer}/${word}/${i}`, value, keyword, path, depth + 1)));
  }
  if (isObject(value) && isObject(schema.properties)) {
    for (const key of Object.keys(schema.properties)) {
      if (!(key in value)) continue;
      const propertyPointer = resolvePointer(doc, `${schemaPointer}/properties/${key}`);
      const own = atPointer(doc, propertyPointer);
      if (isObject(own) && keyword in own)
        out.push({ path: `${path}/${key}`, holder: value, property: key, rule: own[keyword], schema: own });
      out.push(...ruledProperties(doc, propertyPointer, value[key], keyword, `${path}/${key}`, depth + 1));
    }
  }
  if (Array.isArray(value) && isObject(schema.items))
    value.forEach((item, i) => out.push(...ruledProperties(doc, `${schemaPointer}/items`, item, keyword, `${path}/${i}`, depth + 1)));
  return out.filter((found, i) => out.findIndex((other) => other.path === found.path) === i);
}
