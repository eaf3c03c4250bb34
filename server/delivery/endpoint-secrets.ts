// Webhook signing secrets at rest: sealed into `webhook_endpoints.secret_sealed`
// for that endpoint alone (the purpose names the row, so a sealed secret copied to another endpoint
// does not open), opened only to sign a delivery. Rows from before sealing kept the plaintext in
// `secret`; they are sealed at start (main.ts) and, should one be missed, whenever one is read.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { ConfigError } from '../config.js';
import type { AppDeps } from '../deps.js';
import type { Sealer } from '../sealing.js';
import type { Database } from '../store/db.js';
import { webhookEndpoints } from '../store/schema/index.js';
import type { WebhookEndpointRow } from '../store/schema/webhooks.js';

type SecretColumns = Pick<WebhookEndpointRow, 'id' | 'secret' | 'secretSealed'>;

export function endpointSecretPurpose(endpointId: string): string {
  return `webhook_endpoints.secret:${endpointId}`;
}

export function sealEndpointSecret(sealer: Sealer, endpointId: string, secret: string): string {
  return sealer.seal(secret, endpointSecretPurpose(endpointId));
}

/** The secret to sign with. Throws SealError when the sealed value does not open under this key. */
export function openEndpointSecret(sealer: Sealer, row: SecretColumns): string {
  if (row.secretSealed) return sealer.open(row.secretSealed, endpointSecretPurpose(row.id));
  if (row.secret) return row.secret;
  throw new Error(`webhook endpoint ${row.id} has no signing secret`);
}

/** Seals one row still holding its plaintext; a row sealed meanwhile (another process) is left alone. */
async function sealRow(db: Database, sealer: Sealer, row: SecretColumns & { secret: string }): Promise<boolean> {
  const updated = await db
    .update(webhookEndpoints)
    .set({ secretSealed: sealEndpointSecret(sealer, row.id, row.secret), secret: null })
    .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret), isNull(webhookEndpoints.secretSealed)))
    .returning({ id: webhookEndpoints.id });
  return updated.length > 0;
}

/** Opens the secret of a row just read, sealing it first if it still held the plaintext. */
export async function signingSecretOf(deps: Pick<AppDeps, 'db' | 'sealer'>, row: SecretColumns): Promise<string> {
  if (!row.secretSealed && row.secret) await sealRow(deps.db, deps.sealer, { ...row, secret: row.secret });
  return openEndpointSecret(deps.sealer, row);
}

/** Start-up: seals every plaintext secret left by an earlier version. Returns how many it sealed. */
export async function sealPlaintextSecrets(deps: Pick<AppDeps, 'db' | 'sealer'>): Promise<number> {
  const rows = await deps.db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, secretSealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints)
    .where(and(isNotNull(webhookEndpoints.secret), isNull(webhookEndpoints.secretSealed)));
  let sealed = 0;
  for (const row of rows) if (row.secret && (await sealRow(deps.db, deps.sealer, { ...row, secret: row.secret }))) sealed++;
  return sealed;
}

/**
 * Start-up: one sealed secret must open under the configured key, so a wrong or lost SVC_SECRET_KEY
 * stops the process with a message instead of failing every delivery later.
 */
export async function assertSealingKeyOpens(deps: Pick<AppDeps, 'db' | 'sealer'>): Promise<void> {
  const [row] = await deps.db
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, secretSealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints)
    .where(isNotNull(webhookEndpoints.secretSealed))
    .limit(1);
  if (!row) return;
  try {
    openEndpointSecret(deps.sealer, row);
  } catch (error) {
    throw new ConfigError(
      `SVC_SECRET_KEY: the webhook signing secrets in this database do not open with it (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}
