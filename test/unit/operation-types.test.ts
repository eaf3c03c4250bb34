// The typed operation seam at the type level: operationIds, handler input and results come from the
// operation definitions, so a misspelt id or a wrong body is a compile error. These assertions are
// checked by `tsc --noEmit` (part of `npm test`); at run time they are no-ops.
import { describe, expectTypeOf, test } from 'vitest';
import { defineOperation } from '../../schemas/common/operation.js';
import type { InputOf, SuccessOf } from '../../schemas/common/operation-types.js';
import { PUBLIC_OPERATIONS, type PublicOperationId } from '../../schemas/operations.js';
import { ADMIN_OPERATIONS, type AdminOperationId } from '../../schemas/admin/operations.js';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints } from '../../schemas/webhooks/index.js';
import { getPpsrCertificate } from '../../schemas/ppsr/index.js';
import { getLodgement } from '../../schemas/lodgements/index.js';

describe('operation ids', () => {
  test('only the documented operationIds are ids', () => {
    expectTypeOf<'createWebhookEndpoint'>().toExtend<PublicOperationId>();
    expectTypeOf<'createWebhookEndpiont'>().not.toExtend<PublicOperationId>();
    expectTypeOf<string>().not.toExtend<PublicOperationId>();
    expectTypeOf<'advanceClock'>().toExtend<AdminOperationId>();
    // The two APIs do not share ids: an operator id is not a public one.
    expectTypeOf<'advanceClock'>().not.toExtend<PublicOperationId>();
  });

  test('each map entry is the definition with that literal operationId', () => {
    expectTypeOf(PUBLIC_OPERATIONS.createWebhookEndpoint).toEqualTypeOf(createWebhookEndpoint);
    expectTypeOf(createWebhookEndpoint.operationId).toEqualTypeOf<'createWebhookEndpoint'>();
    expectTypeOf(ADMIN_OPERATIONS.advanceClock.operationId).toEqualTypeOf<'advanceClock'>();
  });

  test('a misspelt definition key does not compile', () => {
    defineOperation({
      method: 'get',
      path: '/x',
      operationId: 'x',
      summary: 'x',
      description: 'x',
      tag: 'x',
      access: 'secret',
      family: 'api',
      rateLimit: 'lodgements',
      // @ts-expect-error `idempotencyKye` is not a definition key
      idempotencyKye: 'optional',
      success: { 204: { description: 'x' } },
    });
    defineOperation({
      method: 'get',
      path: '/admin/x',
      operationId: 'x',
      summary: 'x',
      description: 'x',
      tag: 'x',
      access: 'admin',
      // @ts-expect-error the operator API has no rate-limit classes
      rateLimit: 'lodgements',
      success: { 204: { description: 'x' } },
    });
  });
});

describe('InputOf', () => {
  test('the body is the output of the request schema', () => {
    type Body = InputOf<typeof createWebhookEndpoint>['body'];
    expectTypeOf<Body>().toHaveProperty('url').toEqualTypeOf<string>();
    expectTypeOf<Body>().toHaveProperty('eventTypes').toExtend<string[]>();
  });

  test('path parameters and the query are typed, numbers coerced', () => {
    type Input = InputOf<typeof listWebhookDeliveries>;
    expectTypeOf<Input['params']>().toEqualTypeOf<{ id: string }>();
    // `page` and `perPage` are coerced numbers with a default, but optional (see operation-types.ts).
    expectTypeOf<Input['query']>().toEqualTypeOf<{ page?: number | undefined; perPage?: number | undefined }>();
    expectTypeOf<Input['body']>().toEqualTypeOf<undefined>();
    expectTypeOf<InputOf<typeof getLodgement>['params']>().toEqualTypeOf<{ requestId: number }>();
  });

  test('an operation without path parameters has none to read', () => {
    const input: InputOf<typeof listWebhookEndpoints> = { params: {}, query: {}, body: undefined, headers: {} };
    // @ts-expect-error no path parameters on GET /webhooks
    void input.params.id;
    // @ts-expect-error no query on GET /webhooks
    void input.query.page;
  });

  test('an operator operation is typed too', () => {
    expectTypeOf<InputOf<typeof ADMIN_OPERATIONS.advanceClock>['body']>().toEqualTypeOf<{ seconds: number }>();
    expectTypeOf<InputOf<typeof ADMIN_OPERATIONS.updateCompany>['params']>().toEqualTypeOf<{ acn: string }>();
    expectTypeOf<InputOf<typeof ADMIN_OPERATIONS.updateCompany>['body']>().toHaveProperty('name').toEqualTypeOf<string | undefined>();
  });
});

describe('SuccessOf', () => {
  test('createWebhookEndpoint answers 201 only, with the endpoint and its secret', () => {
    type Success = SuccessOf<typeof createWebhookEndpoint>;
    expectTypeOf<Success['status']>().toEqualTypeOf<201>();
    expectTypeOf<Success>().toHaveProperty('body').toHaveProperty('secret').toEqualTypeOf<string>();
    expectTypeOf<{ status: 200; body: never }>().not.toExtend<Success>();
  });

  test('a response without a schema has no body', () => {
    expectTypeOf<SuccessOf<typeof deleteWebhookEndpoint>>().toEqualTypeOf<{
      status: 204;
      body?: undefined;
      headers?: Record<string, string>;
    }>();
  });

  test('a PDF is raw bytes, the 202 beside it JSON', () => {
    type Success = SuccessOf<typeof getPpsrCertificate>;
    expectTypeOf<Success['status']>().toEqualTypeOf<200 | 202>();
    expectTypeOf<Extract<Success, { status: 200 }>>().toHaveProperty('raw').toEqualTypeOf<{ contentType: string; data: Buffer }>();
    expectTypeOf<Extract<Success, { status: 202 }>>()
      .toHaveProperty('body')
      .toEqualTypeOf<{ certificateNumber: string; status: 'processing' }>();
  });

  test('an operator operation is typed too', () => {
    type Success = SuccessOf<typeof ADMIN_OPERATIONS.upsertCompany>;
    expectTypeOf<Success['status']>().toEqualTypeOf<200 | 201>();
    expectTypeOf<Success>().toHaveProperty('body').toHaveProperty('acn').toEqualTypeOf<string>();
    expectTypeOf<SuccessOf<typeof ADMIN_OPERATIONS.revokeKey>['status']>().toEqualTypeOf<204>();
  });
});
