// Operator verbs over the simulated ABR (`/admin/register/abns`): create or replace an ABN record,
// change one. Stored in the database, so every process's next lookup sees the change.
import type { z } from 'zod';
import type { UpdateAbnRequest, UpsertAbnRequest } from '../../../schemas/admin/register/index.js';
import type { AppDeps } from '../../deps.js';
import type { AbnDetails } from '../../registers/abr/abn-register.js';
import { simulatedRegistersOf } from '../../registers/index.js';
import type { VerbArgs } from '../verb.js';
import { changeRecord, replaceRecord, type EditedRegister } from './record-changes.js';
import { abnFromOverride } from '../../registers/abr/abn-overrides.js';
import { refuseMagicValue } from './magic-values.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export interface AbnView extends AbnDetails {
  updatedAt: string;
}

/** The ABR as an edit sees it: the ABN it answers today, and the override store. */
function editedAbns(deps: Deps): EditedRegister<AbnDetails> {
  const registers = simulatedRegistersOf(deps.db);
  return { current: (abn) => registers.abns.findByAbn(abn), save: (record, at) => registers.abnOverrides.save(record, at) };
}

/** Replaces the ABN whole; fields left out take the stored row's defaults (the one reader of `register_abns`). */
export async function upsertAbn({
  ctx: deps,
  input,
}: VerbArgs<Deps, z.infer<typeof UpsertAbnRequest>>): Promise<{ created: boolean; abn: AbnView }> {
  refuseMagicValue('ABN', input.abn);
  const record = abnFromOverride(input.abn, input);
  const now = deps.clock.now();
  const created = await replaceRecord(editedAbns(deps), input.abn, record, now);
  return { created, abn: { ...record, updatedAt: now.toISOString() } };
}

export async function updateAbn({
  ctx: deps,
  input: { abn, changes },
}: VerbArgs<Deps, { abn: string; changes: z.infer<typeof UpdateAbnRequest> }>): Promise<AbnView> {
  refuseMagicValue('ABN', abn);
  const now = deps.clock.now();
  const record = await changeRecord(editedAbns(deps), { key: abn, what: 'ABN', changes, at: now });
  return { ...record, updatedAt: now.toISOString() };
}
