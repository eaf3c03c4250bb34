// Operator verbs over the simulated ABR (`/admin/register/abns`): create or replace an ABN record,
// change one. Stored in the database, so every process's next lookup sees the change.
import type { z } from 'zod';
import type { UpdateAbnRequest, UpsertAbnRequest } from '../../../schemas/admin/register/index.js';
import type { AppDeps } from '../../deps.js';
import type { AbnDetails } from '../../registers/abr/abn-register.js';
import { simulatedRegistersOf } from '../../registers/index.js';
import { DomainError } from '../errors.js';
import type { VerbArgs } from '../verb.js';
import { withChanges } from './record-changes.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface AbnView extends AbnDetails {
  updatedAt: string;
}

export async function upsertAbn({
  ctx: deps,
  input,
}: VerbArgs<Deps, z.infer<typeof UpsertAbnRequest>>): Promise<{ created: boolean; abn: AbnView }> {
  const registers = simulatedRegistersOf(deps.db);
  const known = (await registers.abns.findByAbn(input.abn)) !== null;
  const record: AbnDetails = {
    abn: input.abn,
    entityName: input.entityName,
    status: input.status,
    entityType: input.entityType,
    acn: input.acn ?? null,
    gstRegistered: input.gstRegistered ?? false,
    gstDate: input.gstDate ?? null,
    businessNames: input.businessNames ?? [],
  };
  const now = deps.clock.now();
  await registers.abnOverrides.save(record, now);
  return { created: !known, abn: { ...record, updatedAt: now.toISOString() } };
}

export async function updateAbn({
  ctx: deps,
  input: { abn, changes },
}: VerbArgs<Deps, { abn: string; changes: z.infer<typeof UpdateAbnRequest> }>): Promise<AbnView> {
  const registers = simulatedRegistersOf(deps.db);
  const current = await registers.abns.findByAbn(abn);
  if (!current) throw new DomainError('not_found', 'No such ABN.');
  const record = withChanges(current, changes);
  const now = deps.clock.now();
  await registers.abnOverrides.save(record, now);
  return { ...record, updatedAt: now.toISOString() };
}
