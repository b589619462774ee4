import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userTokens, type USER_TOKEN_PURPOSES } from '../db/schema.ts';

export type TokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];
export const USER_TOKEN_HOURS = 24;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token for the link in a mail; earlier unused tokens of the same purpose stop working. */
export async function issueUserToken(db: Db, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(userTokens)
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + USER_TOKEN_HOURS * 3600 * 1000),
    });
  });
  return token;
}

export type TokenCheck = 'ok' | 'unknown' | 'expired' | 'otherUser';

/** Uses up a token: 'unknown' (never issued, replaced or already used), 'expired', or 'otherUser' (v1's order). */
export async function consumeUserToken(db: Db, userId: string, purpose: TokenPurpose, token: string): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  if (!row) return 'unknown';
  if (row.expiresAt <= new Date()) return 'expired';
  if (row.userId !== userId) return 'otherUser';
  const used = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, row.id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return used.length === 1 ? 'ok' : 'unknown';
}
