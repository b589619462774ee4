import type { Db } from '../db/client.ts';
import type { Translate } from '../i18n/translator.ts';
import {
  NOTIFICATION_CHECKED,
  NOTIFICATION_CREATED,
  countUnread,
  findNotification,
  presentNotification,
} from '../services/notifications.ts';
import { RESYNC_EVENT, type BusEvent } from './bus.ts';
import type { SseEvent } from './sse.ts';

/** What a stream knows to render an event: its user and its language. */
export interface StreamReader {
  db: Db;
  userId: string;
  t: Translate;
}

/** Turns a bus event (ids only) into what the stream sends, loaded now; null sends nothing. */
type Presenter = (event: BusEvent, reader: StreamReader) => Promise<SseEvent | null>;

/** `unread`: the number on the bell (sent on open, and after the bus reconnected). */
export async function unreadEvent({ db, userId }: StreamReader): Promise<SseEvent> {
  return { event: 'unread', data: { unread: await countUnread(db, userId) } };
}

const notificationCreated: Presenter = async (event, reader) => {
  const row = event.id ? await findNotification(reader.db, reader.userId, event.id) : null;
  if (!row) return null;
  const unread = await countUnread(reader.db, reader.userId);
  return { event: 'notification', id: row.id, data: { notification: presentNotification(row, reader.t), unread } };
};

const notificationChecked: Presenter = async (event, reader) => {
  const row = event.id ? await findNotification(reader.db, reader.userId, event.id) : null;
  if (!row) return null;
  const unread = await countUnread(reader.db, reader.userId);
  return { event: 'notification-checked', data: { id: row.id, checked: row.checked, unread } };
};

/** By bus event type. Events of other types are not sent to the browser. */
const PRESENTERS: Record<string, Presenter> = {
  [NOTIFICATION_CREATED]: notificationCreated,
  [NOTIFICATION_CHECKED]: notificationChecked,
  [RESYNC_EVENT]: (_event, reader) => unreadEvent(reader),
};

export function presenterOf(type: string): Presenter | null {
  return Object.hasOwn(PRESENTERS, type) ? PRESENTERS[type]! : null;
}
