// The structural pass's problems for `anyOf` alternatives ("acn, abn or both" rows): each failing
// value is judged on its own, so every row reports the problems of the alternative it came closest
// to, whatever the other rows of the same array did.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { problemsFromAjv } from '../../server/http/ajv-problems.js';

const properties = { acn: { type: 'string', pattern: '^\\d{9}$' }, abn: { type: 'string', pattern: '^\\d{11}$' } };
const row = (required: string) => ({ type: 'object', properties, required: [required], additionalProperties: false });
const schema = {
  type: 'object',
  properties: { entities: { type: 'array', items: { anyOf: [row('acn'), row('abn')] } } },
};

describe('problemsFromAjv over rows of complete object alternatives', () => {
  it('keeps, for each row, the alternative with the fewest problems', () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    const body = { entities: [{}, { acn: '12' }, { abn: '1' }, { acn: '100000011' }, { acn: 'x', abn: 'y' }] };
    expect(validate(body)).toBe(false);
    const problems = problemsFromAjv(validate.errors ?? []);
    expect(Object.fromEntries(Object.entries(problems).map(([path, list]) => [path, list.map((p) => p.code)]))).toEqual({
      'entities.0.acn': ['required'],
      'entities.1.acn': ['invalid_format'],
      'entities.2.abn': ['invalid_format'],
      'entities.4.acn': ['invalid_format'],
      'entities.4.abn': ['invalid_format'],
    });
  });
});
