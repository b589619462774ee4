import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { recoveryCodes } from '../db/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read from paper and typed again.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "xxxxx-xxxxx": 10 characters of a 31-letter alphabet (about 50 bits). */
function newCode(): string {
  const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** What the user typed, as it was hashed: lower case, without spaces or hyphens. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** A new set of codes (the old ones stop working), returned in clear this once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalize(code))));
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
  return codes;
}

/** True when `code` is one of the user's unused codes, which is then used up. */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const typed = normalize(code);
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, typed))) continue;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }
  return false;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function removeRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
