import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { VerifyResult } from 'otplib';
import type { Db } from '../db/client.ts';
import { totpFactors } from '../db/schema.ts';
import type { SecretBox } from './secret-box.ts';

/** RFC 6238's 30-second step; a code of the step before or after the current one is accepted too (clock drift). */
const STEP_SECONDS = 30;
const ISSUER = 'DoseHub';

export interface TotpEnrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** otplib, and qrcode for enrolment, load with the first authenticator-app step, not at start (issue 35). */
const otplib = () => import('otplib');

/** A secret is sealed for its user: a sealed value copied to another user's row does not open. */
const contextOf = (userId: string) => `totp:${userId}`;

/** A new secret for the user's authenticator app, waiting for a first code; replaces one never confirmed. */
export async function startTotpEnrolment(db: Db, box: SecretBox, user: { id: string; email: string }): Promise<TotpEnrolment> {
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([otplib(), import('qrcode')]);
  const secret = generateSecret();
  const sealed = box.seal(secret, contextOf(user.id));
  await db
    .insert(totpFactors)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: sealed, lastUsedStep: null, createdAt: new Date() }, setWhere: isNull(totpFactors.confirmedAt) });
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
}

export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row !== undefined;
}

/**
 * True when `code` is the user's current code (±1 step) and newer than the last one accepted; that step is then
 * spent, so the same code (or an older one) is refused, even by two requests racing.
 */
async function spendCode(db: Db, box: SecretBox, userId: string, code: string, confirmed: boolean): Promise<boolean> {
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  if (!factor || (factor.confirmedAt !== null) !== confirmed) return false;
  // The functional API (its default crypto and base32 plugins), with the TOTP strategy: a TOTP result.
  const { verify } = await otplib();
  const result = (await verify({
    secret: box.open(factor.secret, contextOf(userId)),
    token: code,
    epochTolerance: STEP_SECONDS,
    ...(factor.lastUsedStep !== null && { afterTimeStep: factor.lastUsedStep }),
  }).catch(() => ({ valid: false as const }))) as VerifyResult;
  if (!result.valid) return false;
  const spent = await db
    .update(totpFactors)
    .set({ lastUsedStep: result.timeStep, ...(!confirmed && { confirmedAt: new Date() }) })
    .where(and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, result.timeStep))))
    .returning({ userId: totpFactors.userId });
  return spent.length > 0;
}

/** A sign-in's second step: a code of the confirmed authenticator. */
export const checkTotpCode = (db: Db, box: SecretBox, userId: string, code: string) => spendCode(db, box, userId, code, true);

/** The first code of a new authenticator: true confirms it (the factor is in use from then on). */
export const confirmTotp = (db: Db, box: SecretBox, userId: string, code: string) => spendCode(db, box, userId, code, false);

/**
 * Seals again under the current key every secret that is not: those stored in clear before sealing existed, and
 * those of a previous key after a rotation (run at start; a value changed meanwhile is left to the next run).
 * Throws when a secret's key is unknown, so that a server missing the old key says so at start.
 */
export async function resealTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db.select({ userId: totpFactors.userId, secret: totpFactors.secret }).from(totpFactors);
  let resealed = 0;
  for (const row of rows.filter(({ secret }) => !box.isCurrent(secret))) {
    const secret = box.seal(box.open(row.secret, contextOf(row.userId)), contextOf(row.userId));
    const updated = await db
      .update(totpFactors)
      .set({ secret })
      .where(and(eq(totpFactors.userId, row.userId), eq(totpFactors.secret, row.secret)))
      .returning({ userId: totpFactors.userId });
    resealed += updated.length;
  }
  return resealed;
}

export async function removeTotp(db: Db, userId: string): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}
