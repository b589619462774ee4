import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { onCommittedHere } from '../events/publish.ts';
import { Pusher } from '../push/pusher.ts';
import { pushTransport } from '../push/transport.ts';
import { loadVapidKeys } from '../push/vapid.ts';
import { NOTIFICATION_CREATED } from '../services/notifications.ts';

const DEFAULT_RETRY_MAX_DELAY_MS = 60_000;

export interface WebPush {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Tests only: http: endpoints are accepted. */
  allowInsecureEndpoints: boolean;
  pusher: Pusher;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: WebPush;
  }
}

/**
 * Web Push: the VAPID keys, and a push to each of a user's subscriptions for every notification this
 * process creates (other processes hear the same notification on the bus, and only stream it).
 */
export const pushPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const keys = await loadVapidKeys(app.db, config.vapidKeys ?? null);
  const allowInsecureEndpoints = config.pushAllowInsecureEndpoints ?? false;
  const pusher = new Pusher({
    db: app.db,
    translator: app.translator,
    vapid: { ...keys, subject: config.vapidSubject ?? `mailto:${config.staffEmail}` },
    retryMaxDelayMs: config.pushRetryMaxDelayMs ?? DEFAULT_RETRY_MAX_DELAY_MS,
    log: app.log.child({ module: 'push' }),
    // Tests push to a loopback service (PUSH_ALLOW_INSECURE_ENDPOINTS); otherwise only public addresses.
    transport: pushTransport({ publicOnly: !allowInsecureEndpoints }),
  });
  const stop = onCommittedHere(app.db, ({ events }) => {
    pusher.pushNotifications(events.flatMap((event) => (event.type === NOTIFICATION_CREATED && event.id ? [{ userId: event.userId, notificationId: event.id }] : [])));
  });
  app.decorate('push', { publicKey: keys.publicKey, allowInsecureEndpoints, pusher });
  app.addHook('onClose', async () => {
    stop();
    await pusher.close();
  });
});
