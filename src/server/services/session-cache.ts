/**
 * Issue 35: the answer of a session check (is the token family revoked, is the account deleted, staff, e-mail
 * confirmed), kept per process for a few seconds instead of one database query per signed-in request.
 *
 * Revocation still cuts access at once: the process that ends a session forgets it here before answering, and
 * the database tells every process of any change to what the check reads, once it commits (the
 * `dosehub_sessions` channel, fed by triggers: migration 0024); a process whose listening connection dropped
 * forgets everything. The expiry only bounds how long a missed notification could matter.
 */

/** What the database said of one session (token family). */
export type SessionCheck = { kind: 'live'; isStaff: boolean; emailVerified: boolean } | { kind: 'ended' } | { kind: 'deleted' };

export const SESSION_CHANGES_CHANNEL = 'dosehub_sessions';
export const SESSION_CHECK_TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  userId: string;
  check: SessionCheck;
  expiresAt: number;
}

const entries = new Map<string, Entry>();
/** Bumped by every forgetting: a check read from the database before it is not kept (it may predate the change). */
let generation = 0;

export const checkGeneration = () => generation;

export function cachedCheck(familyId: string, userId: string): SessionCheck | undefined {
  const entry = entries.get(familyId);
  if (!entry || entry.userId !== userId) return undefined;
  if (entry.expiresAt > Date.now()) return entry.check;
  entries.delete(familyId);
  return undefined;
}

export function keepCheck(familyId: string, userId: string, check: SessionCheck, readAtGeneration: number): void {
  if (readAtGeneration !== generation) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(familyId, { userId, check, expiresAt: Date.now() + SESSION_CHECK_TTL_MS });
}

export function forgetSession(familyId: string): void {
  generation += 1;
  entries.delete(familyId);
}

export function forgetUserSessions(userId: string): void {
  generation += 1;
  for (const [familyId, entry] of entries) if (entry.userId === userId) entries.delete(familyId);
}

export function forgetAllSessions(): void {
  generation += 1;
  entries.clear();
}
