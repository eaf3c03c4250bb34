// An Ajv for the document's JSON Schema 2020-12 dialect, with the formats the server knows.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isValidAbn, isValidAcn } from '../../schemas/common/identifiers.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export function createSpecAjv(document: Record<string, unknown>): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('acn', { type: 'string', validate: isValidAcn });
  ajv.addFormat('abn', { type: 'string', validate: isValidAbn });
  ajv.addSchema({ ...document, $id: 'doc' });
  return ajv;
}
