import { and, count, desc, eq } from 'drizzle-orm';
import type { Notification } from '#shared/schemas/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications, type NOTIFICATION_KINDS } from '../db/schema.ts';
import type { Translate } from '../i18n/translator.ts';

type Kind = (typeof NOTIFICATION_KINDS)[number];

/** Tells a user about a change; `key` names a text in server.json `notifications.*`, rendered in the reader's language. */
export async function notify(db: Db, userId: string, kind: Kind, key: string, values: Record<string, string | number> = {}) {
  await db.insert(notifications).values({ userId, kind, messageKey: key, messageValues: values });
}

type Row = typeof notifications.$inferSelect;

const present = (row: Row, t: Translate): Notification => ({
  id: row.id,
  message: t(`notifications.${row.messageKey}`, row.messageValues),
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
  return { count: total, row: rows.map((row) => present(row, t)) };
}

/** Sets `checked` (or flips it when no value is given, as v1); false when the user has no such notification. */
export async function setChecked(db: Db, userId: string, id: string, checked: boolean | null): Promise<boolean> {
  const where = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [row] = await db.select({ checked: notifications.checked }).from(notifications).where(where);
  if (!row) return false;
  await db.update(notifications).set({ checked: checked ?? !row.checked }).where(where);
  return true;
}
