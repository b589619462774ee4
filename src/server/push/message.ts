import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, matchLanguage } from '#shared/languages.ts';
import type { PushPayload } from '#shared/schemas/push.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Translator } from '../i18n/translator.ts';
import { countUnread, findNotification, presentNotification } from '../services/notifications.ts';

/** Where a click on the notification leads (the client's notifications page). */
export const NOTIFICATIONS_PAGE = '/dashboard/notifications';
/** Push services accept about 4 KB of payload; a notification's text is far shorter, but user-given names are cut to fit. */
const MAX_BODY_LENGTH = 1000;

export interface PushMessage {
  payload: string;
  /** Replaces an undelivered message with the same topic (≤ 32 base64url characters). */
  topic: string;
}

async function languageOf(db: Db, userId: string) {
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return matchLanguage(user?.language) ?? DEFAULT_LANGUAGE;
}

/** A notification as a push message, in the user's own language (the one of their last sign-in or registration). */
export async function notificationMessage(db: Db, translator: Translator, userId: string, id: string): Promise<PushMessage | null> {
  const row = await findNotification(db, userId, id);
  if (!row) return null;
  const lang = await languageOf(db, userId);
  const t = translator.forLanguage(lang);
  const payload: PushPayload = {
    id: row.id,
    title: t('push.notificationTitle'),
    body: presentNotification(row, t).message.slice(0, MAX_BODY_LENGTH),
    kind: row.kind,
    url: NOTIFICATIONS_PAGE,
    unread: await countUnread(db, userId),
    lang,
  };
  return { payload: JSON.stringify(payload), topic: row.id.replaceAll('-', '') };
}
