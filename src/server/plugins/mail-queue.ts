import fp from 'fastify-plugin';
import { deliverDueMails, pruneSentMails, type DeliveryReport } from '../services/mail-queue.ts';

const DEFAULT_RETRY_MS = 60_000;
/** How long a request waits for its own mails: a slow SMTP server must not hold the answer (the send goes on). */
const DEFAULT_REQUEST_WAIT_MS = 5_000;

export interface MailQueue {
  /** Sends these just-committed mails now, waiting at most a few seconds; a failure leaves them to the retries. */
  deliver(ids: readonly string[]): Promise<void>;
  /** One run of the retry job: everything due at `now`, and sent mails past their keeping time deleted (tests pass a later clock instead of waiting). */
  deliverDue(now?: Date): Promise<DeliveryReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: MailQueue;
  }
}

/** The outgoing-mail queue (services/mail-queue.ts) and its retry job: on start, then every `retryMs`. */
export const mailQueuePlugin = fp<{ retryMs?: number; requestWaitMs?: number }>(async (app, options) => {
  const log = app.log.child({ module: 'mail-queue' });
  const sender = { db: app.db, mailer: app.mailer, log };
  /** Sends still going (a request stopped waiting, or the job): the app closes once they end. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    const quiet = work.catch((error: unknown) => log.warn({ err: error }, 'mail delivery failed; it will be retried'));
    inFlight.add(quiet);
    void quiet.finally(() => inFlight.delete(quiet));
    return quiet;
  };

  const mailQueue: MailQueue = {
    async deliver(ids) {
      if (ids.length === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.requestWaitMs ?? DEFAULT_REQUEST_WAIT_MS)));
      await Promise.race([track(deliverDueMails(sender, new Date(), ids)), waited]);
      clearTimeout(timer);
    },
    async deliverDue(now) {
      const report = await deliverDueMails(sender, now);
      await pruneSentMails(app.db, now);
      return report;
    },
  };
  app.decorate('mailQueue', mailQueue);

  // One run of the job at a time in this process (other processes are kept apart by the rows' locks and leases).
  let running: Promise<unknown> | null = null;
  const runJob = () => {
    running ??= track(mailQueue.deliverDue()).finally(() => (running = null));
  };
  app.addHook('onReady', async () => runJob());
  const timer = setInterval(runJob, options.retryMs ?? DEFAULT_RETRY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
  });
});
