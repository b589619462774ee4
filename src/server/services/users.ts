import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { formatCnpj } from '#shared/brazil/cnpj.ts';
import { formatCpf } from '#shared/brazil/cpf.ts';
import type { Language } from '#shared/languages.ts';
import { passwordProblems } from '#shared/passwords/rules.ts';
import type { ConsentDocument } from '#shared/schemas/privacy.ts';
import type { Profile, ProfilePatchBody } from '#shared/schemas/users.ts';
import type { Db } from '../db/client.ts';
import { userTokens, users } from '../db/schema.ts';
import { AppError, fieldErrors, type ErrorMessage } from '../errors.ts';
import { wasBilledTo } from './bills.ts';
import { recordConsents } from './consents.ts';
import type { Device } from './sessions.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { forgetUserSessions } from './session-cache.ts';

export type UserRow = typeof users.$inferSelect;

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The unique index a failed write ran into (a race the checks before it could not see), if any. */
function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** Turns a unique-index race on e-mail or CPF into the same field error the checks give. */
async function asFieldErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === null) throw error;
    throw fieldErrors([index.includes('cpf') ? { field: 'cpf', key: 'auth.cpfTaken' } : { field: 'email', key: 'auth.emailTaken' }]);
  }
}
/** "" and undefined mean no value; the schemas already normalized the rest. */
const orNull = (value: string | undefined) => (value ? value : null);

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

async function emailTaken(db: Db, email: string, exceptUserId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return Boolean(row);
}

async function cpfTaken(db: Db, cpf: string, exceptUserId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.cpf, cpf), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return Boolean(row);
}

/** v1's password rules, reported under `field`, e.g. "password2: This password is too common." */
export function passwordErrors(field: string, password: string, email?: string | null): ErrorMessage[] {
  return passwordProblems(password, email).map((key) => ({ field, key }));
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  language: Language;
  phone?: string;
  clinic?: string;
  role?: string;
  cpf?: string;
  cnpj?: string;
}

export interface NewUserConsents {
  accepted: readonly { document: ConsentDocument; version: string }[];
  device: Device;
}

/** A new account; with `consents`, the versions of the terms and privacy notice it accepted, in the same transaction (issue 30). */
export async function createUser(db: Db, input: NewUser, consents?: NewUserConsents): Promise<UserRow> {
  const errors: ErrorMessage[] = [];
  if (await emailTaken(db, input.email)) errors.push({ field: 'email', key: 'auth.emailTaken' });
  if (input.cpf && (await cpfTaken(db, input.cpf))) errors.push({ field: 'cpf', key: 'auth.cpfTaken' });
  if (errors.length > 0) throw fieldErrors(errors);
  const passwordHash = await hashPassword(input.password);
  return asFieldErrors(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: normalizeEmail(input.email),
          passwordHash,
          name: input.name,
          language: input.language,
          phone: orNull(input.phone),
          clinic: orNull(input.clinic),
          role: orNull(input.role),
          cpf: orNull(input.cpf),
          cnpj: orNull(input.cnpj),
        })
        .returning();
      if (consents) await recordConsents(tx, row!.id, consents.accepted, consents.device);
      return row!;
    }),
  );
}

/** The user whose e-mail and password match, or null (without telling which was wrong). */
export async function checkCredentials(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    // Same work as a real check, so the answer time does not reveal whether the e-mail exists.
    await hashPassword(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/** The fields of v1's profile, read from a user row (also the base of the back-office's user). */
export function toProfile(user: UserRow): Profile {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    role: user.role ?? '',
    clinic: user.clinic ?? '',
    cpf: user.cpf ? formatCpf(user.cpf) : '',
    cnpj: user.cnpj ? formatCnpj(user.cnpj) : '',
  };
}

/** The profile (v1's shape), with `billed` only when a bill was issued to its CPF or CNPJ (read-only from then on). */
export async function profileOf(db: Db, user: UserRow): Promise<Profile> {
  const billed: ('cpf' | 'cnpj')[] = [];
  for (const field of ['cpf', 'cnpj'] as const) {
    const stored = user[field];
    if (stored && (await wasBilledTo(db, user.id, stored))) billed.push(field);
  }
  return billed.length > 0 ? { ...toProfile(user), billed } : toProfile(user);
}

const touch = () => ({ updatedAt: new Date(), version: sql`${users.version} + 1` });

/** A CPF or CNPJ a bill was issued to stays as it is (409): the bill names it. */
async function assertPayerDocumentsKept(db: Db, userId: string, patch: ProfilePatchBody) {
  const user = await findUserById(db, userId);
  for (const field of ['cpf', 'cnpj'] as const) {
    const stored = user?.[field];
    if (patch[field] === undefined || !stored || patch[field] === stored) continue;
    if (await wasBilledTo(db, userId, stored)) throw new AppError(409, [{ field, key: 'payments.documentLocked' }]);
  }
}

export async function updateProfile(db: Db, userId: string, patch: ProfilePatchBody): Promise<void> {
  await assertPayerDocumentsKept(db, userId, patch);
  if (patch.cpf && (await cpfTaken(db, patch.cpf, userId))) throw fieldErrors([{ field: 'cpf', key: 'auth.cpfTaken' }]);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  for (const field of ['clinic', 'role', 'cpf', 'cnpj'] as const) {
    if (patch[field] !== undefined) changes[field] = orNull(patch[field]);
  }
  await asFieldErrors(() => db.update(users).set({ ...changes, ...touch() }).where(eq(users.id, userId)));
}

/** A new address must be confirmed again. */
export async function changeEmail(db: Db, userId: string, email: string): Promise<void> {
  if (await emailTaken(db, email, userId)) throw fieldErrors([{ field: 'email', key: 'auth.emailTaken' }]);
  await asFieldErrors(() =>
    db
      .update(users)
      .set({ email: normalizeEmail(email), emailVerifiedAt: null, ...touch() })
      .where(eq(users.id, userId)),
  );
  forgetUserSessions(userId);
  // A reset link mailed to the old address must not outlive it.
  await db.delete(userTokens).where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
}

export async function changePhone(db: Db, userId: string, phone: string): Promise<void> {
  await db.update(users).set({ phone, ...touch() }).where(eq(users.id, userId));
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  await db.update(users).set({ passwordHash: await hashPassword(password), ...touch() }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: new Date(), ...touch() }).where(eq(users.id, userId));
  forgetUserSessions(userId);
}

export async function rememberLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
