// Public lodgement operations (D-36). Thin: the caller's account and environment scope every read;
// the Idempotency-Key replay of POST /abn/registrations is the pipeline's job, not this file's.
import type { HandlerMap } from '../http/context.js';
import { createAbnRegistration, type AbnRegistrationInput } from '../domain/lodgements/abn-registrations.js';
import { getLodgement, lodgementView } from '../domain/lodgements/records.js';

export const lodgementHandlers: HandlerMap = {
  getLodgement: async (ctx, { params }) => {
    const scope = { accountId: ctx.caller.account.id, environment: ctx.caller.environment };
    return { status: 200, body: lodgementView(await getLodgement(ctx, scope, Number(params.requestId))) };
  },
  createAbnRegistration: async (ctx, { body }) => {
    const scope = { accountId: ctx.caller.account.id, environment: ctx.caller.environment };
    return { status: 201, body: lodgementView(await createAbnRegistration(ctx, scope, body as AbnRegistrationInput)) };
  },
};
