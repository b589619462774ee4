import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

const SIGNING_KEY_SETTING = 'signing_key';

/** The key that signs session tokens: SECRET_KEY, or one generated on first start and shared through the database. */
export async function loadSigningKey(db: Db, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(settings)
    .values({ key: SIGNING_KEY_SETTING, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SIGNING_KEY_SETTING));
  return new TextEncoder().encode(row!.value);
}
