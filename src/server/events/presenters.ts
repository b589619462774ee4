import type { Db } from '../db/client.ts';
import type { Translate } from '../i18n/translator.ts';
import {
  NOTIFICATION_CHECKED,
  NOTIFICATION_CREATED,
  countUnread,
  findNotification,
  notificationsAfter,
  presentNotification,
} from '../services/notifications.ts';
import { ANALYSIS_CHANGED } from '../services/analyses.ts';
import { ORDER_CHANGED } from '../services/orders.ts';
import { SUBSCRIPTION_CHANGED } from '../services/subscriptions.ts';
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

/**
 * What a reconnecting stream missed since its `Last-Event-ID` (the id of the last `notification` it
 * got): the notifications created after it, each as its `notification` event. Checked states and the
 * count come with `unread` and the client's pull on reconnect.
 */
export async function missedEvents(reader: StreamReader, lastEventId: string): Promise<SseEvent[]> {
  const rows = await notificationsAfter(reader.db, reader.userId, lastEventId);
  if (rows.length === 0) return [];
  const unread = await countUnread(reader.db, reader.userId);
  return rows.map((row) => ({ event: 'notification', id: row.id, data: { notification: presentNotification(row, reader.t), unread } }));
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

/** An order changed (created, billed, paid, a slot taken or given back): its id; the client pulls it. */
const orderChanged: Presenter = async (event) => (event.id ? { event: 'order', data: { id: event.id } } : null);

/** An analysis changed (sent, edited, deleted, moved on by the staff): its ids; the client pulls its order's list. */
const analysisChanged: Presenter = async (event) =>
  event.id && event.orderId ? { event: 'analysis', data: { id: event.id, orderId: event.orderId } } : null;

/** A subscription changed (the trial ended, its bill was issued, a payment confirmed): its id; the client pulls the list. */
const subscriptionChanged: Presenter = async (event) => (event.id ? { event: 'signature', data: { id: event.id } } : null);

/** By bus event type. Events of other types are not sent to the browser. */
const PRESENTERS: Record<string, Presenter> = {
  [NOTIFICATION_CREATED]: notificationCreated,
  [NOTIFICATION_CHECKED]: notificationChecked,
  [ORDER_CHANGED]: orderChanged,
  [ANALYSIS_CHANGED]: analysisChanged,
  [SUBSCRIPTION_CHANGED]: subscriptionChanged,
  [RESYNC_EVENT]: (_event, reader) => unreadEvent(reader),
};

export function presenterOf(type: string): Presenter | null {
  return Object.hasOwn(PRESENTERS, type) ? PRESENTERS[type]! : null;
}
