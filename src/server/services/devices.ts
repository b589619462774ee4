import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DeviceSession } from '#shared/schemas/security.ts';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { revokeFamily } from './sessions.ts';
import { describeUserAgent } from './user-agent.ts';

/** The user's live sessions, most recently seen first: each token family, its device as of its last token. */
export async function listDevices(db: Db, userId: string, currentFamilyId: string): Promise<DeviceSession[]> {
  const rows = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .orderBy(asc(refreshTokens.createdAt));
  const families = new Map<string, typeof rows>();
  for (const row of rows) families.set(row.familyId, [...(families.get(row.familyId) ?? []), row]);
  const now = new Date();
  return [...families.entries()]
    .filter(([, tokens]) => tokens.some((token) => token.expiresAt > now))
    .map(([familyId, tokens]) => {
      const latest = tokens.at(-1)!;
      return {
        id: familyId,
        ...describeUserAgent(latest.userAgent),
        address: latest.ipAddress ?? '',
        firstSeenAt: tokens[0]!.createdAt.toISOString(),
        lastSeenAt: latest.createdAt.toISOString(),
        current: familyId === currentFamilyId,
      };
    })
    .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Ends one of the user's sessions; false when it is not theirs or already over. */
export async function revokeDevice(db: Db, userId: string, familyId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  if (!live) return false;
  await revokeFamily(db, familyId);
  return true;
}
