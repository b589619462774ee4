import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Listen } from '../db/listen.ts';

/** The LISTEN/NOTIFY channel every DoseHub process listens on. */
export const EVENTS_CHANNEL = 'dosehub_events';

/**
 * A change a user's open streams should hear about. Only ids travel (NOTIFY payloads are limited to 8 000
 * bytes, and each process renders in its readers' languages): `{type: 'notification.created', userId, id}`.
 */
export interface BusEvent {
  type: string;
  userId: string;
  id?: string;
  [moreIds: string]: string | undefined;
}

/** Told to every listener when the bus lost its connection and may have missed events (re-read what matters). */
export const RESYNC_EVENT = 'resync';

export type BusListener = (event: BusEvent) => void;

/**
 * Sends events to every process, in their order and in one statement. Inside a transaction they are delivered when
 * (and only if) the transaction commits; outside one, at once.
 */
export async function publishEvents(db: Db, events: readonly BusEvent[]): Promise<void> {
  if (events.length === 0) return;
  const notifies = events.map((event) => sql`pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
  await db.execute(sql`SELECT ${sql.join(notifies, sql`, `)}`);
}

function parseEvent(payload: string): BusEvent | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (value === null || typeof value !== 'object') return null;
    const { type, userId } = value as Partial<BusEvent>;
    return typeof type === 'string' && typeof userId === 'string' ? (value as BusEvent) : null;
  } catch {
    return null;
  }
}

export interface EventBus {
  /** Calls `listener` with each event of `userId`; returns the unsubscribe function. */
  subscribe(userId: string, listener: BusListener): () => void;
  /** Listeners subscribed now (of one user, or of all). */
  listenerCount(userId?: string): number;
  close(): Promise<void>;
}

interface BusOptions {
  listen: Listen;
  onError(error: unknown): void;
}

/** The process's end of the channel: fans each event out to the listeners of its user. */
export async function createEventBus({ listen, onError }: BusOptions): Promise<EventBus> {
  const listeners = new Map<string, Set<BusListener>>();
  const deliver = (listener: BusListener, event: BusEvent) => {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  };
  const unlisten = await listen(EVENTS_CHANNEL, {
    onPayload: (payload) => {
      const event = parseEvent(payload);
      const set = event ? listeners.get(event.userId) : undefined;
      if (event && set) for (const listener of [...set]) deliver(listener, event);
    },
    onReconnect: () => {
      for (const [userId, set] of listeners) for (const listener of [...set]) deliver(listener, { type: RESYNC_EVENT, userId });
    },
    onError,
  });

  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      listeners.set(userId, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    listenerCount: (userId) =>
      userId === undefined ? [...listeners.values()].reduce((sum, set) => sum + set.size, 0) : (listeners.get(userId)?.size ?? 0),
    close: async () => {
      listeners.clear();
      await unlisten();
    },
  };
}
