// The operator's outage switches for the PPSR, the card provider and live monitoring activation, in
// the operator document's words.
import type { AppDeps } from '../../deps.js';
import { changeAvailability, OUTAGE_RETRY_AFTER_SECONDS, readAvailability, type SystemAvailability } from '../../registers/availability.js';
import type { VerbArgs } from '../verb.js';

type State = 'available' | 'unavailable';

export interface AvailabilityChanges {
  ppsr?: State;
  cardProvider?: State;
  monitoringActivation?: State;
}

export interface AvailabilityView {
  ppsr: State;
  cardProvider: State;
  monitoringActivation: State;
  retryAfterSeconds: number;
}

const stateOf = (up: boolean): State => (up ? 'available' : 'unavailable');

function view(current: SystemAvailability): AvailabilityView {
  return {
    ppsr: stateOf(current.ppsr),
    cardProvider: stateOf(current.cardProvider),
    monitoringActivation: stateOf(current.monitoringActivation),
    retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
  };
}

export async function availabilityView(deps: Pick<AppDeps, 'db'>): Promise<AvailabilityView> {
  return view(await readAvailability(deps.db));
}

export async function switchAvailability({
  ctx,
  input,
}: VerbArgs<Pick<AppDeps, 'db' | 'availability'>, AvailabilityChanges>): Promise<AvailabilityView> {
  const up = (state: State | undefined): boolean | undefined => (state === undefined ? undefined : state === 'available');
  const changed = await changeAvailability(ctx.db, {
    ppsr: up(input.ppsr),
    cardProvider: up(input.cardProvider),
    monitoringActivation: up(input.monitoringActivation),
  });
  // This process's next request sees the switch at once, whenever the trigger's notification arrives.
  ctx.availability.clear();
  return view(changed);
}
