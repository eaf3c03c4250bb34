// What the semantic phase works with, made once per run: the service clock, and the session its
// requests go through. With an operator token that session is a fresh test account of its own: the
// other phases have by then created what the request examples describe (the example companies
// monitored, the example application pending), so on their account a create could no longer be
// new and its 2xx and its created dates would go unchecked. With a key only, the run's own session.
import { createRunnerAccount } from '../account.js';
import { Session, type SessionOptions } from '../session.js';
import { serviceClock, type ServiceClock } from './clock.js';

export interface SemanticSetup {
  clock: ServiceClock;
  session: Session;
}

export async function semanticSetup(main: Session, options: Omit<SessionOptions, 'credentials'>): Promise<SemanticSetup> {
  const clock = serviceClock(options.baseUrl, options.adminToken, options.timeoutMs);
  if (!options.adminToken) return { clock, session: main };
  const credentials = await createRunnerAccount(
    options.baseUrl,
    options.adminToken,
    options.timeoutMs,
    'Contract runner (semantic checks)',
  );
  options.log(`account ${credentials.accountId} created for the semantic checks`);
  return { clock, session: new Session({ ...options, credentials }) };
}
