import { and, asc, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Notification } from '#shared/schemas/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications, type NOTIFICATION_KINDS } from '../db/schema.ts';
import { writeAndPublish } from '../events/publish.ts';
import type { Translate } from '../i18n/translator.ts';

type Kind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationRow = typeof notifications.$inferSelect;

/** Bus events of notifications (events/bus.ts): the new one's id, or the one whose `checked` changed. */
export const NOTIFICATION_CREATED = 'notification.created';
export const NOTIFICATION_CHECKED = 'notification.checked';

export const notificationCreated = (row: NotificationRow) => ({ type: NOTIFICATION_CREATED, userId: row.userId, id: row.id });

type NewNotification = { userId: string; kind: Kind; key: string; values?: Record<string, string | number> };

/** Stores a notification in the caller's transaction; the caller publishes `notificationCreated` with its write. */
export async function insertNotification(tx: Db, userId: string, notice: Omit<NewNotification, 'userId'>): Promise<NotificationRow> {
  const [row] = await insertNotifications(tx, [{ ...notice, userId }]);
  return row!;
}

/** `insertNotification` for several, in one statement; the rows in the notices' order. */
export async function insertNotifications(tx: Db, notices: readonly NewNotification[]): Promise<NotificationRow[]> {
  if (notices.length === 0) return [];
  return tx
    .insert(notifications)
    .values(notices.map(({ userId, kind, key, values = {} }) => ({ userId, kind, messageKey: key, messageValues: values })))
    .returning();
}

/**
 * Tells a user about a change; `key` names a text in server.json `notifications.*`, rendered in the reader's
 * language. Once stored, the user's open event streams (every process) and Web Push subscriptions hear of it.
 */
export async function notify(
  db: Db,
  userId: string,
  kind: Kind,
  key: string,
  values: Record<string, string | number> = {},
): Promise<NotificationRow> {
  return writeAndPublish(db, (tx) => insertNotification(tx, userId, { kind, key, values }), notificationCreated);
}

/** A title by what the notice is about (not its kind: "Sucesso" on every one says nothing). */
function titleOf(row: NotificationRow, t: Translate): { title?: string } {
  const title = t(`notificationTitles.${row.messageKey}`, { defaultValue: '' });
  return title ? { title } : {};
}

export const presentNotification = (row: NotificationRow, t: Translate): Notification => ({
  id: row.id,
  message: t(`notifications.${row.messageKey}`, row.messageValues),
  ...titleOf(row, t),
  kind: row.kind,
  checked: row.checked,
  createdAt: row.createdAt.toISOString(),
});

export async function listNotifications(
  db: Db,
  userId: string,
  t: Translate,
  { checked, limit, offset }: { checked?: boolean; limit: number; offset: number },
) {
  const where = and(eq(notifications.userId, userId), checked === undefined ? undefined : eq(notifications.checked, checked));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return { count: total, row: rows.map((row) => presentNotification(row, t)) };
}

/** One of the user's notifications, or null. */
export async function findNotification(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ?? null;
}

/** Replay cap: a client gone longer than this many notifications pulls the list instead. */
const MISSED_LIMIT = 100;

/**
 * The user's notifications created after `afterId` (a stream's Last-Event-ID), oldest first; none when
 * that id is not one of the user's notifications.
 */
export async function notificationsAfter(db: Db, userId: string, afterId: string): Promise<NotificationRow[]> {
  const last = await findNotification(db, userId, afterId);
  if (!last) return [];
  // Compared in the database: PostgreSQL keeps microseconds, a JavaScript Date only milliseconds.
  const lastCreated = sql`(SELECT ${notifications.createdAt} FROM ${notifications} WHERE ${notifications.id} = ${last.id})`;
  const later = or(gt(notifications.createdAt, lastCreated), and(eq(notifications.createdAt, lastCreated), gt(notifications.id, last.id)));
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), later))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(MISSED_LIMIT);
}

/** How many of the user's notifications are unchecked (the bell's number). */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.checked, false)));
  return row?.unread ?? 0;
}

/**
 * Sets `checked` (or flips it when no value is given, as v1); false when the user has no such notification.
 * A change is published to the user's other tabs and devices; setting the value it already has is not one.
 */
export async function setChecked(db: Db, userId: string, id: string, checked: boolean | null): Promise<boolean> {
  const where = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [row] = await db.select({ checked: notifications.checked }).from(notifications).where(where);
  if (!row) return false;
  const next = checked ?? !row.checked;
  if (next === row.checked) return true;
  await writeAndPublish(
    db,
    (tx) => tx.update(notifications).set({ checked: next }).where(where),
    () => ({ type: NOTIFICATION_CHECKED, userId, id }),
  );
  return true;
}
