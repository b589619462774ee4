import fp from 'fastify-plugin';
import { deliverDueMails, type DeliveryReport } from '../services/mail-queue.ts';

const DEFAULT_RETRY_MS = 60_000;

export interface MailQueue {
  /** Sends these just-committed mails now; a failure leaves them to the retries. */
  deliver(ids: readonly string[]): Promise<DeliveryReport>;
  /** One run of the retry job: everything due at `now` (tests pass a later clock instead of waiting). */
  deliverDue(now?: Date): Promise<DeliveryReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: MailQueue;
  }
}

/** The outgoing-mail queue (services/mail-queue.ts) and its retry job: on start, then every `retryMs`. */
export const mailQueuePlugin = fp<{ retryMs?: number }>(async (app, options) => {
  const log = app.log.child({ module: 'mail-queue' });
  const sender = { db: app.db, mailer: app.mailer, log };
  const mailQueue: MailQueue = {
    deliver: (ids) => deliverDueMails(sender, new Date(), ids),
    deliverDue: (now) => deliverDueMails(sender, now),
  };
  app.decorate('mailQueue', mailQueue);

  let running: Promise<unknown> | null = null;
  // One run at a time in this process (other processes are kept apart by the rows' locks and leases).
  const runQuietly = () => {
    running ??= mailQueue
      .deliverDue()
      .catch((error: unknown) => log.warn({ err: error }, 'mail retry run failed'))
      .finally(() => (running = null));
    return running;
  };
  app.addHook('onReady', async () => void runQuietly());
  const timer = setInterval(() => void runQuietly(), options.retryMs ?? DEFAULT_RETRY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
