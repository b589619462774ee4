import { and, asc, eq } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeySummary } from '#shared/schemas/security.ts';
import type { Db } from '../db/client.ts';
import { passkeys } from '../db/schema.ts';

/** SimpleWebAuthn and its X.509/ASN.1 stack (~4 MB of heap) load with the first passkey ceremony, not at start (issue 35). */
const webauthn = () => import('@simplewebauthn/server');

/** Who the passkeys are for: the site's host name (RP ID) and its origin, as the browser saw them. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const summary = (row: typeof passkeys.$inferSelect): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(summary);
}

/** Options for `navigator.credentials.create`: a discoverable credential, none the user already has. */
export async function registrationOptions(db: Db, rp: RelyingParty, user: { id: string; email: string; name: string }) {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: 'DoseHub',
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks the authenticator's answer to `challenge` and keeps the new passkey; null when it does not verify. */
export async function addPasskey(db: Db, rp: RelyingParty, userId: string, name: string, response: RegistrationResponseJSON, challenge: string) {
  const { verifyRegistrationResponse } = await webauthn();
  const verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id }).catch(() => null);
  if (!verified?.verified) return null;
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning();
  return row ? summary(row) : null;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeySummary | null> {
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.userId, userId), eq(passkeys.id, id))).returning();
  return row ? summary(row) : null;
}

export async function removePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db.delete(passkeys).where(and(eq(passkeys.userId, userId), eq(passkeys.id, id))).returning({ id: passkeys.id });
  return removed.length > 0;
}

/** Options for `navigator.credentials.get`: the user's passkeys (a second step), or any discoverable one (passkey alone). */
export async function authenticationOptions(db: Db, rp: RelyingParty, userId: string | null) {
  const allowCredentials = userId ? await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId)) : [];
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({ rpID: rp.id, allowCredentials, userVerification: 'required' });
}

/** The user whose passkey signed `challenge` (user verified, counter moved on), or null; only `userId`'s passkeys when given. */
export async function verifyPasskey(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON, challenge: string, userId?: string): Promise<string | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, String(response.id)));
  if (!row || (userId !== undefined && row.userId !== userId)) return null;
  const credential = { id: row.id, publicKey: Buffer.from(row.publicKey, 'base64url'), counter: row.counter, transports: row.transports };
  const { verifyAuthenticationResponse } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return null;
  await db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, row.id));
  return row.userId;
}

export async function hasPasskeys(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}
