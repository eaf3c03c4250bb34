// Handlers of the helper operations (spec 4.1, D-45): take the validated query, call the domain,
// answer 200. Both accept publishable keys; the pipeline has already checked key and origin.
import type { z } from 'zod';
import { CompanyNameAvailabilityQuery, IndustriesQuery } from '../../schemas/helpers/index.js';
import { ValidationError } from '../domain/errors.js';
import { problemsFromZod } from '../domain/zod-problems.js';
import { searchIndustries } from '../domain/helpers/industries.js';
import { checkNameAvailability } from '../domain/helpers/name-availability.js';
import { defineHandlers } from '../http/handler-maps.js';

/**
 * The pipeline validated the query against the document; parsing it again with the contract's Zod
 * schema gives the handler typed values. Only the declared parameters are passed on, so a stray
 * parameter the document tolerates cannot fail here.
 */
function parseQuery<T extends z.ZodType>(schema: T, query: Record<string, unknown>, names: readonly string[]): z.infer<T> {
  const declared = Object.fromEntries(names.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
  const parsed = schema.safeParse(declared);
  if (parsed.success) return parsed.data;
  throw new ValidationError(problemsFromZod(parsed.error.issues, 'query'));
}

export const helpersHandlers = defineHandlers({
  getCompanyNameAvailability: async (ctx, input) => {
    const query = parseQuery(CompanyNameAvailabilityQuery, input.query, ['name']);
    const body = await checkNameAvailability({ ctx: { clock: ctx.clock, companies: ctx.registers.companies }, input: query });
    return { status: 200, body };
  },
  listIndustries: async (ctx, input) => {
    const query = parseQuery(IndustriesQuery, input.query, ['q', 'page', 'perPage']);
    const body = searchIndustries({ ctx: { industries: ctx.registers.industries.entries }, input: query });
    return { status: 200, body };
  },
});
