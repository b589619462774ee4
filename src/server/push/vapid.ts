import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

const VAPID_KEYS_SETTING = 'vapid_keys';

export interface VapidKeys {
  /** Uncompressed P-256 point (65 bytes), base64url. */
  publicKey: string;
  /** P-256 private scalar (32 bytes), base64url. */
  privateKey: string;
}

const byteLength = (base64url: string) => Buffer.from(base64url, 'base64url').length;

function assertKeyPair(keys: VapidKeys, source: string): VapidKeys {
  if (byteLength(keys.publicKey) !== 65 || byteLength(keys.privateKey) !== 32) {
    throw new Error(`${source}: the VAPID public key must be 65 bytes and the private key 32 bytes (base64url)`);
  }
  return keys;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or one generated on the first start and kept in
 * `settings` as one value (processes starting together cannot store halves of different pairs).
 */
export async function loadVapidKeys(db: Db, configured: VapidKeys | null): Promise<VapidKeys> {
  if (configured) return assertKeyPair(configured, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY');
  const stored = await storedKeys(db);
  if (stored) return stored;
  // web-push loads here only, when no key pair is stored yet (its first start), not on every start (issue 35).
  const { default: webpush } = await import('web-push');
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: VAPID_KEYS_SETTING, value: JSON.stringify(generated) })
    .onConflictDoNothing();
  return (await storedKeys(db))!;
}

async function storedKeys(db: Db): Promise<VapidKeys | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, VAPID_KEYS_SETTING));
  if (!row) return null;
  const stored = JSON.parse(row.value) as VapidKeys;
  return assertKeyPair({ publicKey: stored.publicKey, privateKey: stored.privateKey }, 'settings.vapid_keys');
}
