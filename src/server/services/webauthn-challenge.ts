import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { spentWebauthnChallenges } from '../db/schema.ts';
import { readWebAuthnChallenge, type WebAuthnPurpose } from './sign-in-challenge.ts';

/**
 * The challenge of the webauthn-challenge cookie, spent: good once, whatever the answer. Most passkeys' counters
 * stay 0, so without this an answer (with its cookie) could be sent again within the cookie's 5 minutes.
 */
export async function takeWebAuthnChallenge(db: Db, key: Uint8Array, token: string | undefined, purpose: WebAuthnPurpose): Promise<string | null> {
  const read = token ? await readWebAuthnChallenge(key, token, purpose) : null;
  if (!read) return null;
  await db.delete(spentWebauthnChallenges).where(lt(spentWebauthnChallenges.expiresAt, new Date()));
  const spent = await db
    .insert(spentWebauthnChallenges)
    .values(read)
    .onConflictDoNothing()
    .returning({ challenge: spentWebauthnChallenges.challenge });
  return spent.length > 0 ? read.challenge : null;
}
