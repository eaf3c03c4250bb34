// The operator adds a registration to the simulated PPSR (`POST /admin/register/ppsr-registrations`).
// Later searches find it; every alert subscription watching the grantor gets one
// `ppsr.alert.grantor_registration_changed` event (spec 6.1, D-34), written to the outbox in the same
// transaction as the registration, so neither exists without the other.
import { and, eq } from 'drizzle-orm';
import { isValidAbn, isValidAcn } from '../../../schemas/common/identifiers.js';
import { PPSR_ALERT_EVENT } from '../../../schemas/ppsr/index.js';
import { ppsrAlerts } from '../../store/schema/index.js';
import { emitEvent } from '../../delivery/events.js';
import { brisbaneOffsetDateTime } from '../../../schemas/common/dates.js';
import type { AddedPpsrRegistration, NewPpsrRegistration } from '../../registers/ppsr/ppsr-register.js';
import type { Environment } from '../../ids.js';
import { DomainError, ValidationError } from '../errors.js';
import { ppsrRegisterOf, type PpsrDeps } from './context.js';
import { callerText } from '../../../schemas/common/caller-text.js';
import type { VerbArgs } from '../verb.js';

export interface NewRegistrationInput extends Omit<NewPpsrRegistration, 'registrationStart'> {
  /** ISO 8601 with offset, as the operator document has it. */
  registrationStart: string;
}

function checkGrantorNumber(input: NewRegistrationInput): void {
  const isAbn = input.grantorNumberType === 'ABN';
  if (isAbn ? isValidAbn(input.grantorNumber) : isValidAcn(input.grantorNumber)) return;
  throw new ValidationError({
    grantorNumber: [
      {
        code: isAbn ? 'invalid_abn' : 'invalid_acn',
        message: `Not a valid ${callerText(input.grantorNumberType)} for grantorNumberType ${callerText(input.grantorNumberType)}.`,
      },
    ],
  });
}

export async function addPpsrRegistration({
  ctx,
  input,
}: VerbArgs<PpsrDeps, NewRegistrationInput>): Promise<{ registration: AddedPpsrRegistration; alertsNotified: number }> {
  checkGrantorNumber(input);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const registration = await ppsrRegisterOf(tx).addRegistration({ ...input, registrationStart: new Date(input.registrationStart) }, now);
    if (!registration)
      throw new DomainError('duplicate_registration', `Registration ${callerText(input.registrationNumber ?? '')} already exists.`);
    const watchers = await tx
      .select()
      .from(ppsrAlerts)
      .where(and(eq(ppsrAlerts.organisationNumberType, input.grantorNumberType), eq(ppsrAlerts.organisationNumber, input.grantorNumber)));
    for (const alert of watchers) {
      await emitEvent(tx, ctx.clock, {
        accountId: alert.accountId,
        environment: alert.environment as Environment,
        event: PPSR_ALERT_EVENT,
        payload: {
          event: PPSR_ALERT_EVENT,
          timestamp: now.toISOString(),
          organisationNumberType: alert.organisationNumberType,
          organisationNumber: alert.organisationNumber,
          registrationSummary: {
            registrationNumber: registration.registrationNumber,
            collateralClass: registration.collateralClass,
            securedPartyName: registration.securedPartyName,
            registrationStart: brisbaneOffsetDateTime(registration.registrationStart),
          },
        },
      });
    }
    return { registration, alertsNotified: watchers.length };
  });
}
