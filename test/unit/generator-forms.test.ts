// The rewrites of schemas/common/generator-forms.ts one by one: each accepts exactly what the form
// it replaces accepted (checked with Ajv on values either side of the line), leaves every other
// schema alone, and a parameter without an example stops the build.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { nullableEnumsAsAnyOf } from '../../schemas/common/nullable-enums.js';
import { parameterExamples } from '../../schemas/common/parameter-examples.js';
import { plainPatterns, unescapeSlashes } from '../../schemas/common/plain-patterns.js';
import { describeRefsInPlace } from '../../schemas/common/ref-descriptions.js';

/** True when `before` and `after` give the same verdict on every value. */
function sameVerdicts(before: object, after: object, values: unknown[]): boolean {
  const ajv = new Ajv2020({ strict: false });
  const [a, b] = [ajv.compile(before), ajv.compile(after)];
  return values.every((value) => a(value) === b(value));
}

describe('$ref with its description', () => {
  const components = { $defs: { Name: { type: 'object', properties: { familyName: { type: 'string' } }, required: ['familyName'] } } };

  it('writes the allOf wrapper as the reference with the description beside it', () => {
    const wrapped = { allOf: [{ $ref: '#/$defs/Name' }, { description: 'Former name.' }] };
    const written = describeRefsInPlace({ properties: { formerName: wrapped } });
    expect(written.properties.formerName).toEqual({ $ref: '#/$defs/Name', description: 'Former name.' });
    const values = [{ familyName: 'SMITH' }, {}, 'SMITH', null];
    expect(sameVerdicts({ ...components, ...wrapped }, { ...components, ...written.properties.formerName }, values)).toBe(true);
  });

  it('leaves an allOf that constrains alone', () => {
    const merged = { allOf: [{ $ref: '#/$defs/Name' }, { required: ['givenName'] }] };
    expect(describeRefsInPlace(merged)).toEqual(merged);
    const two = { allOf: [{ $ref: '#/$defs/Name' }, { $ref: '#/$defs/Other' }] };
    expect(describeRefsInPlace(two)).toEqual(two);
  });
});

describe('patterns without escaped slashes', () => {
  it('drops the backslash before a slash, and only there', () => {
    expect(unescapeSlashes(String.raw`^\/api\/(test\/)?v[12]\/x\/[^\/]+$`)).toBe('^/api/(test/)?v[12]/x/[^/]+$');
    expect(unescapeSlashes(String.raw`^\d{4}\\/\.$`)).toBe(String.raw`^\d{4}\\/\.$`);
  });

  it('matches what the escaped pattern matched', () => {
    const before = { type: 'string', pattern: String.raw`^\/api\/(test\/)?v[12]\/ppsr\/searches\/\d+\/certificates\/[^\/]+$` };
    const after = plainPatterns(before);
    expect(after.pattern).not.toContain('\\/');
    const values = [
      '/api/v2/ppsr/searches/1/certificates/C-1',
      '/api/test/v1/ppsr/searches/22/certificates/x',
      '/api/v3/ppsr/searches/1/certificates/C',
      '/api/v2/ppsr/searches/1/certificates/a/b',
    ];
    expect(sameVerdicts(before, after, values)).toBe(true);
  });
});

describe('nullable enums as anyOf', () => {
  it('splits the enum from null, annotations outside, constraints with the values', () => {
    const before = { type: ['string', 'null'], enum: ['manual', 'consecutive_failures', null], description: 'Why.', minLength: 1 };
    const after = nullableEnumsAsAnyOf(before);
    expect(after).toEqual({
      anyOf: [{ type: 'string', enum: ['manual', 'consecutive_failures'], minLength: 1 }, { type: 'null' }],
      description: 'Why.',
    });
    expect(sameVerdicts(before, after, ['manual', 'consecutive_failures', null, 'other', '', 0])).toBe(true);
  });

  it('leaves a nullable string without an enum alone', () => {
    const plain = { type: ['string', 'null'], format: 'date-time' };
    expect(nullableEnumsAsAnyOf(plain)).toEqual(plain);
  });
});

describe('parameter examples', () => {
  const document = (schema: object) => ({
    paths: { '/entities/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema }] } } },
    components: { schemas: { Id: { type: 'integer', example: 1, properties: { name: { type: 'string' } } } } },
  });

  it("copies the schema's example onto the parameter", () => {
    const written = parameterExamples(document({ type: 'integer', example: 501 }));
    expect(written.paths['/entities/{id}'].get.parameters[0]).toMatchObject({ name: 'id', example: 501 });
    expect(written.components).toEqual(document({}).components);
  });

  it('stops the build for a parameter without one', () => {
    expect(() => parameterExamples(document({ type: 'integer' }))).toThrow(/path parameter id has no example/);
  });
});
