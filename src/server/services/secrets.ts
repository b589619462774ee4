import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

const SIGNING_KEY_SETTING = 'signing_key';
export const WEBHOOK_SECRET_SETTING = 'payments_webhook_secret';

/** The configured secret, or one generated on first start and shared by every process through the database. */
async function loadSecret(db: Db, setting: string, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: setting, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, setting));
  return row!.value;
}

/** The key that signs session tokens: SECRET_KEY, or a generated one. */
export async function loadSigningKey(db: Db, configured: string | null): Promise<Uint8Array> {
  return new TextEncoder().encode(await loadSecret(db, SIGNING_KEY_SETTING, configured));
}

/** The secret that signs payment webhooks: PAYMENTS_WEBHOOK_SECRET, or a generated one (`npm run sandbox:pay` reads the same). */
export const loadWebhookSecret = (db: Db, configured: string | null) => loadSecret(db, WEBHOOK_SECRET_SETTING, configured);
