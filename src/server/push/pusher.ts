import type { FastifyBaseLogger } from 'fastify';
import type webpushModule from 'web-push';
import type { Db } from '../db/client.ts';
import type { Translator } from '../i18n/translator.ts';
import {
  deleteSubscriptionById,
  recordPushFailure,
  recordPushSuccess,
  subscriptionsOfUsers,
  type PushSubscriptionRow,
} from '../services/push-subscriptions.ts';
import { deliver, type Delivery } from './deliver.ts';
import { notificationMessage, type PushMessage } from './message.ts';
import { pushTransport, type PushRequest, type PushTransport } from './transport.ts';
import type { VapidKeys } from './vapid.ts';

/** A day: a phone that stays offline longer gets the notification list instead. */
const TTL_SECONDS = 86_400;
/** At shutdown, pushes still in flight get this long before they are abandoned. */
const SHUTDOWN_GRACE_MS = 2000;

export interface PusherOptions {
  db: Db;
  translator: Translator;
  vapid: VapidKeys & { subject: string };
  retryMaxDelayMs: number;
  log: FastifyBaseLogger;
  transport?: PushTransport;
}

const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
};

/** Records what the push service said: a success, a subscription gone, or one more failure. */
function record(db: Db, delivery: Delivery, subscriptionId: string): Promise<void> {
  if (delivery === 'delivered') return recordPushSuccess(db, subscriptionId);
  if (delivery === 'gone') return deleteSubscriptionById(db, subscriptionId);
  return recordPushFailure(db, subscriptionId);
}

/** Web Push sends in the background, tracked so that shutdown can wait for them briefly. */
export class Pusher {
  /** Aborted when closing starts: no new pushes, no more waiting to retry. */
  private readonly closing = new AbortController();
  /** Aborted when the shutdown grace is over: requests still open are dropped. */
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly transport: PushTransport;

  constructor(private readonly options: PusherOptions) {
    this.transport = options.transport ?? pushTransport({ publicOnly: true });
  }

  /**
   * Sends new notifications (those of one committed change, or of a batch of them) to each of their users'
   * subscriptions, in the background; never throws. One lookup of the subscriptions for them all.
   */
  pushNotifications(notifications: readonly { userId: string; notificationId: string }[]): void {
    if (this.closing.signal.aborted || notifications.length === 0) return;
    const job = this.sendNotifications(notifications).catch((error: unknown) => {
      if (!this.closing.signal.aborted) this.options.log.error({ err: error }, 'push failed');
    });
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
  }

  /** Resolves once no push is in flight. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops retrying, waits briefly for requests in flight, then abandons them. */
  async close(): Promise<void> {
    this.closing.abort();
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.race([this.idle(), grace]);
    clearTimeout(timer);
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private async sendNotifications(notifications: readonly { userId: string; notificationId: string }[]): Promise<void> {
    const subscriptions = await subscriptionsOfUsers(this.options.db, [...new Set(notifications.map(({ userId }) => userId))]);
    if (subscriptions.length === 0) return;
    await Promise.all(notifications.map(({ userId, notificationId }) => this.sendNotification(userId, notificationId, subscriptions.filter((row) => row.userId === userId))));
  }

  private async sendNotification(userId: string, notificationId: string, subscriptions: PushSubscriptionRow[]): Promise<void> {
    if (subscriptions.length === 0) return;
    const message = await notificationMessage(this.options.db, this.options.translator, userId, notificationId);
    if (message) await Promise.all(subscriptions.map((subscription) => this.sendTo(subscription, message)));
  }

  private async sendTo(subscription: PushSubscriptionRow, message: PushMessage): Promise<void> {
    const log = this.options.log.child({ subscription: subscription.id, pushService: originOf(subscription.endpoint) });
    // web-push loads with the first push sent, not at start (issue 35).
    const { default: webpush } = await import('web-push');
    const delivery = await deliver(this.requestFor(webpush, subscription, message), {
      transport: this.transport,
      signal: this.abort.signal,
      retryWait: this.closing.signal,
      retryMaxDelayMs: this.options.retryMaxDelayMs,
      log,
    });
    await record(this.options.db, delivery, subscription.id);
    if (delivery === 'gone') log.info('push subscription expired; removed');
  }

  /** Each try is a new request: a fresh VAPID JWT and encryption salt. */
  private requestFor(webpush: typeof webpushModule, subscription: PushSubscriptionRow, message: PushMessage): () => PushRequest {
    return () => {
      const keys = { p256dh: subscription.p256dh, auth: subscription.auth };
      const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys }, message.payload, {
        vapidDetails: this.options.vapid,
        TTL: TTL_SECONDS,
        urgency: 'normal',
        topic: message.topic,
      });
      return { endpoint: details.endpoint, headers: details.headers, body: details.body };
    };
  }
}
