// Ajv (JSON Schema 2020-12, the document's dialect) over the whole document, addressed by JSON
// pointer. Two instances: a strict one for bodies and responses, and one that coerces strings the way
// a server reads path, query and header values (`"25"` is an integer there). Whether a generated
// request is valid is always decided here, never assumed from how it was generated.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isAbn, isAcn } from './formats.js';
import type { JsonObject, OperationInfo, RequestParts } from './types.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

function makeAjv(doc: JsonObject, coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true, coerceTypes: coerce });
  addFormats(ajv);
  ajv.addFormat('acn', { type: 'string', validate: isAcn });
  ajv.addFormat('abn', { type: 'string', validate: isAbn });
  // Formats that describe encodings rather than constraints.
  ajv.addFormat('binary', true);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema({ ...doc, $id: 'doc' });
  return ajv;
}

export interface Verdict {
  valid: boolean;
  /** Why not, in words (`body/entities: must NOT have more than 25 items`). */
  problems: string[];
}

function describe(prefix: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, 3).map((e) => `${prefix}${e.instancePath || ''}: ${e.message ?? e.keyword}`);
}

export class Validators {
  private readonly strict: Ajv2020;
  private readonly coercing: Ajv2020;
  private readonly strictCache = new Map<string, ValidateFunction>();
  private readonly coercingCache = new Map<string, ValidateFunction>();

  constructor(doc: JsonObject) {
    this.strict = makeAjv(doc, false);
    this.coercing = makeAjv(doc, true);
  }

  private strictAt(pointer: string): ValidateFunction {
    let fn = this.strictCache.get(pointer);
    if (!fn) {
      fn = this.strict.getSchema(`doc#${pointer}`);
      if (!fn) throw new Error(`no schema at ${pointer}`);
      this.strictCache.set(pointer, fn);
    }
    return fn;
  }

  /** Validates a JSON value against the schema at `pointer`. */
  check(pointer: string, value: unknown, label = ''): Verdict {
    const fn = this.strictAt(pointer);
    const valid = fn(value) === true;
    return { valid, problems: valid ? [] : describe(label, fn.errors) };
  }

  /** Validates a string as a parameter or header value would be read (with type coercion). */
  checkText(pointer: string, text: string, label = ''): Verdict {
    let fn = this.coercingCache.get(pointer);
    if (!fn) {
      // Ajv can only coerce a value that has a parent object, hence the wrapper.
      fn = this.coercing.compile({ type: 'object', properties: { v: { $ref: `doc#${pointer}` } }, required: ['v'] });
      this.coercingCache.set(pointer, fn);
    }
    const valid = fn({ v: text }) === true;
    return { valid, problems: valid ? [] : describe(label, fn.errors).map((p) => p.replace('/v', '')) };
  }

  /** Is this request valid for the operation according to the document? */
  classify(operation: OperationInfo, parts: RequestParts): Verdict {
    const problems: string[] = [];
    for (const parameter of operation.parameters) {
      const bag = parts[parameter.in];
      const label = `${parameter.in}.${parameter.name}`;
      const value = Object.entries(bag).find(
        ([name]) => name.toLowerCase() === parameter.name.toLowerCase() || name === parameter.name,
      )?.[1];
      if (value === undefined) {
        if (parameter.required) problems.push(`${label}: required but missing`);
        continue;
      }
      problems.push(...this.checkText(parameter.schemaPointer, serialiseParameter(value), label).problems);
    }
    if (operation.body) {
      if (!parts.body) {
        if (operation.body.required) problems.push('body: required but missing');
      } else if (parts.body.kind === 'raw') {
        problems.push('body: not a JSON document of the documented media type');
      } else {
        problems.push(...this.check(operation.body.schemaPointer, parts.body.value, 'body').problems);
      }
    } else if (parts.body) {
      problems.push('body: the operation takes none');
    }
    return { valid: problems.length === 0, problems };
  }
}

/** How a typed parameter value goes on the wire (query string, path segment, header). */
export function serialiseParameter(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
