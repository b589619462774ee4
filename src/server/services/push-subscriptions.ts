import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '#shared/schemas/push.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for the user and the session that registered it. An endpoint is one
 * browser profile: registered again (by this user or, after a sign-in on that browser, another) it moves
 * to the newest registration, with the new keys.
 */
export async function saveSubscription(db: Db, userId: string, sessionId: string, body: PushSubscriptionBody): Promise<string> {
  const values = { userId, sessionId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, sessionId, p256dh: values.p256dh, auth: values.auth, failures: 0 },
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

/** Removes the user's subscription of this endpoint, if there is one. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A session ended: its browser must not keep receiving the user's notifications. */
export async function removeSessionSubscriptions(db: Db, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** The subscriptions of the users, in one query. */
export function subscriptionsOfUsers(db: Db, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...userIds]));
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function recordPushSuccess(db: Db, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: new Date(), failures: 0 }).where(eq(pushSubscriptions.id, id));
}

export async function recordPushFailure(db: Db, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, id));
}
