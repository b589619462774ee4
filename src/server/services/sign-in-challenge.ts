import { SignJWT, jwtVerify } from 'jose';

/** A password answer that asks for a second step is good for this long. */
export const SIGN_IN_CHALLENGE_SECONDS = 5 * 60;

const ISSUER = 'dosehub';
// Its own audience: a challenge is never an access or refresh token, nor the other way round.
const AUDIENCE = 'dosehub-sign-in-challenge';

/** The signed proof that `userId` gave the right password a moment ago and may now send the second step. */
export function signSignInChallenge(key: Uint8Array, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + SIGN_IN_CHALLENGE_SECONDS)
    .sign(key);
}

/** The user of a valid, unexpired challenge, or null. */
export async function userOfSignInChallenge(key: Uint8Array, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}

const WEBAUTHN_AUDIENCE = 'dosehub-webauthn';
/** Adding a passkey, signing in with one, or confirming a signed-in user with one (re-authentication). */
export type WebAuthnPurpose = 'register' | 'authenticate' | 'reauthenticate';

/** A WebAuthn challenge the server gave, signed so that no table holds it: good for one purpose, 5 minutes. */
export function signWebAuthnChallenge(key: Uint8Array, purpose: WebAuthnPurpose, challenge: string): Promise<string> {
  return new SignJWT({ purpose, challenge })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(WEBAUTHN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + SIGN_IN_CHALLENGE_SECONDS)
    .sign(key);
}

/** The challenge of a valid token for `purpose` and when the token expires, or null (services/webauthn-challenge.ts spends it). */
export async function readWebAuthnChallenge(key: Uint8Array, token: string, purpose: WebAuthnPurpose): Promise<{ challenge: string; expiresAt: Date } | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: WEBAUTHN_AUDIENCE });
    if (payload.purpose !== purpose || typeof payload.challenge !== 'string' || payload.exp === undefined) return null;
    return { challenge: payload.challenge, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}
