// Form 484 (spec 2.5, 4.6): validated input in, a domain verb, the registry's `{response, errors}`
// envelope out. Every failure is in the Form 484 shape (D-11); the rules below make the 422s.
import { parsedBody, withRules, type ProblemRefiner } from '../http/handler.js';
import { defineHandlers, type PublicHandler } from '../http/handler-maps.js';
import { form484Check } from '../domain/form484/validation.js';
import { Form484Request } from '../../schemas/form484/index.js';
import { lodgeForm484 } from '../domain/form484/lodge.js';
import { form484Status } from '../domain/form484/records.js';

/**
 * Runs the complete Form 484 check on every create; its D-11 problems replace Ajv's (D-11). The
 * check parses the body with Form484Request, the operation's body schema, and hands that parse on
 * as the handler's typed body, so the body is parsed by Zod once.
 */
const form484Rules: ProblemRefiner = async (deps, ajv, body) => {
  const { problems, parsed } = form484Check(body, deps.clock.now(), ajv);
  return { problems, body: parsedBody(Form484Request, parsed) };
};

const createForm484Lodgement = (async (ctx, { body }) => ({
  status: 201,
  body: { response: await lodgeForm484({ ctx, input: body }), errors: [] },
})) satisfies PublicHandler<'createForm484Lodgement'>;

export const form484Handlers = defineHandlers({
  createForm484Lodgement: withRules(createForm484Lodgement, form484Rules),

  // documentUrl is absolute, on the configured public URL (D-54), whatever Host the caller sent.
  getForm484Status: async (ctx, { params }) => ({
    status: 200,
    body: {
      response: await form484Status({ ctx, input: { requestId: params.requestId, documentBase: ctx.publicUrl } }),
      errors: [],
    },
  }),
});
