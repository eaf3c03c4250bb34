// Public lodgement operations (D-36). Thin: the verbs scope every read by the caller's account and
// environment; the Idempotency-Key replay of POST /abn/registrations is the pipeline's job.
import { createAbnRegistration } from '../domain/lodgements/abn-registrations.js';
import { getLodgement } from '../domain/lodgements/records.js';
import { defineHandlers } from '../http/handler-maps.js';

export const lodgementHandlers = defineHandlers({
  getLodgement: async (ctx, { params }) => ({ status: 200, body: await getLodgement({ ctx, input: params }) }),
  createAbnRegistration: async (ctx, { body }) => ({ status: 201, body: await createAbnRegistration({ ctx, input: body }) }),
});
