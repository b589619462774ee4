import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { createEventBus, type EventBus } from '../events/bus.ts';
import { shutdownRetryFrame } from '../events/sse.ts';
import { EventStream } from '../events/stream.ts';
import type { Translate } from '../i18n/translator.ts';
import { isSessionRevoked } from '../services/sessions.ts';

export const DEFAULT_HEARTBEAT_MS = 25_000;

export interface LiveEvents {
  bus: EventBus;
  /** Opens a user's event stream (its body is the response); it ends with the client, the session or the app. */
  open(reader: { userId: string; sessionId: string; t: Translate; lastEventId?: string }): EventStream;
  /** Streams open now. */
  openStreams(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: LiveEvents;
  }
}

/** The process's event bus (LISTEN/NOTIFY on either database) and its open streams, all closed with the app. */
export const eventsPlugin = fp<{ database: Database; heartbeatMs?: number }>(async (app, { database, heartbeatMs }) => {
  const log = app.log.child({ module: 'events' });
  const bus = await createEventBus({ listen: database.listen, onError: (error) => log.warn({ err: error }, 'event bus') });
  const streams = new Set<EventStream>();

  const open: LiveEvents['open'] = ({ userId, sessionId, t, lastEventId }) => {
    const stream: EventStream = new EventStream({
      db: app.db,
      bus,
      userId,
      t,
      lastEventId,
      heartbeatMs: heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      sessionEnded: () => isSessionRevoked(app.db, sessionId),
      onError: (error) => log.error({ err: error }, 'event stream'),
      onClose: () => streams.delete(stream),
    });
    streams.add(stream);
    return stream;
  };

  app.decorate('events', { bus, open, openStreams: () => streams.size });
  // Before the server waits for open connections to finish: end every stream, telling each browser when to reconnect.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close(shutdownRetryFrame());
  });
  app.addHook('onClose', async () => bus.close());
});
