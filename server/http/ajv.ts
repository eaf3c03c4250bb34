// The Ajv the server validates with: JSON Schema 2020-12 (the document's dialect, so every keyword
// it uses is enforced), all errors reported, and the acn/abn checksum formats (D-10, toolchain gotcha 1).
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isValidAbn, isValidAcn } from '../../schemas/common/identifiers.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export function createServerAjv(options: Options = {}): Ajv2020 {
  // validateSchema: false: the server compiles only the schemas of its own generated document, and
  // test/spec/ajv-strict.test.ts compiles every one of them in a strict Ajv 2020 that checks each
  // against the 2020-12 meta-schema; checking them again at every compile here cost about a second
  // of CPU in each server process's first requests (a contract run against `npm start`, in turns).
  const ajv = new Ajv2020({ ...options, allErrors: true, strict: false, validateFormats: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('acn', { type: 'string', validate: isValidAcn });
  ajv.addFormat('abn', { type: 'string', validate: isValidAbn });
  ajv.addFormat('binary', true);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  return ajv;
}
