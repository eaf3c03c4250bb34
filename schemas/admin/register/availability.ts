// Operator switches that take a simulated outside system down, so tests and frontend teams can see
// the 503 answers (spec 7 `registry_unavailable`, `payment_unavailable`) on demand. The state is
// shared by every process of the service.
import { SOME_FIELD, superRefineStated } from '../../common/stated-rules.js';
import { z } from '../../common/zod.js';
import { defineOperation } from '../../common/operation.js';
import { validationFailed } from '../error-responses.js';
import { requireSomeField } from '../shared.js';
import { ADMIN_TAGS } from '../tags.js';

const SystemState = z.enum(['available', 'unavailable']).openapi({ example: 'available' });

const Ppsr = SystemState.openapi({
  description:
    'The PPSR. While `unavailable`, `POST /ppsr/searches` answers 503 `registry_unavailable` with `Retry-After` (nothing searched or charged), and searches already accepted stay `new` until it is back.',
});
const CardProvider = SystemState.openapi({
  description:
    'The card provider. While `unavailable`, every card charge (live PPSR searches, monitoring orders) answers 503 `payment_unavailable` with `Retry-After`; nothing is created or charged. Test keys are never charged, so test requests are not affected.',
});

const MonitoringActivation = SystemState.openapi({
  description:
    'Activation of paid live monitoring entities, the step after the card charge. While `unavailable`, a live `POST /monitoring/entities` is charged and answers 202 with top-level `status: processing` and its entities `processing`; the `monitoring-setup` job activates them within a minute of the switch coming back, and the same request repeated with the same `Idempotency-Key` then answers the final 201 (spec 3.4). Test keys are not affected.',
});

export const RegisterAvailability = z
  .strictObject({
    ppsr: Ppsr,
    cardProvider: CardProvider,
    monitoringActivation: MonitoringActivation,
    retryAfterSeconds: z.int().min(1).openapi({ description: 'The `Retry-After` sent while a system is unavailable.', example: 30 }),
  })
  .openapi('RegisterAvailability', { description: 'Which simulated outside systems can be reached.' });

export const UpdateRegisterAvailabilityRequest = superRefineStated(
  z.strictObject({ ppsr: Ppsr.optional(), cardProvider: CardProvider.optional(), monitoringActivation: MonitoringActivation.optional() }),
  [SOME_FIELD],
  requireSomeField,
).openapi('UpdateRegisterAvailabilityRequest', {
  description: 'The systems to switch; at least one. Takes effect on the next request in every process.',
  minProperties: 1,
});

const allUp = { ppsr: 'available', cardProvider: 'available', monitoringActivation: 'available', retryAfterSeconds: 30 } as const;

export const getRegisterAvailability = defineOperation({
  method: 'get',
  path: '/admin/register/availability',
  operationId: 'getRegisterAvailability',
  summary: 'Read outage switches',
  description:
    'Which simulated outside systems (the PPSR, the card provider, live monitoring activation) can be reached. Each is `available` unless switched off.',
  tag: ADMIN_TAGS.register,
  access: 'admin',
  success: {
    200: { description: 'The switches.', schema: RegisterAvailability, examples: { allUp: { summary: 'All up', value: allUp } } },
  },
});

export const updateRegisterAvailability = defineOperation({
  method: 'patch',
  path: '/admin/register/availability',
  operationId: 'updateRegisterAvailability',
  summary: 'Switch a simulated system off or on',
  description:
    'Takes the PPSR or the card provider down (or brings it back), in the test and the live environment alike, so that the documented 503 answers `registry_unavailable` and `payment_unavailable` (with `Retry-After`) can be produced end to end; `monitoringActivation` makes live monitoring orders answer 202 `processing` (spec 3.4). Switch it back to `available` when done.',
  tag: ADMIN_TAGS.register,
  access: 'admin',
  body: {
    schema: UpdateRegisterAvailabilityRequest,
    examples: {
      ppsrDown: { summary: 'PPSR outage', value: { ppsr: 'unavailable' } },
      cardDown: { summary: 'Card provider outage', value: { cardProvider: 'unavailable' } },
      activationDown: { summary: 'Live monitoring orders stay processing (202)', value: { monitoringActivation: 'unavailable' } },
      allUp: { summary: 'Everything back', value: { ppsr: 'available', cardProvider: 'available', monitoringActivation: 'available' } },
    },
  },
  success: {
    200: {
      description: 'The switches after the change.',
      schema: RegisterAvailability,
      examples: { ppsrDown: { summary: 'PPSR down', value: { ...allUp, ppsr: 'unavailable' } } },
    },
  },
  errors: {
    422: validationFailed('an empty body (`empty_body`), an unknown field or an unknown state.', 'Unknown state', {
      ppsr: [{ code: 'invalid_enum', message: 'Must be one of: available, unavailable.' }],
    }),
  },
});
