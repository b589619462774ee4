import fp from 'fastify-plugin';
import { onCommittedHere } from '../events/publish.ts';
import { deliverDueMails, pruneSentMails, type DeliveryReport } from '../services/mail-queue.ts';

const DEFAULT_RETRY_MS = 60_000;
/** At shutdown, sends still going get this long; a row left unsent stays leased and is retried after its lease. */
const CLOSE_GRACE_MS = 2000;

export interface MailQueue {
  /** One run of the retry job: everything due at `now`, and sent mails past their keeping time deleted (tests pass a later clock instead of waiting). */
  deliverDue(now?: Date): Promise<DeliveryReport>;
  /** Resolves once no send of this process is going (tests: a change's mails have been tried). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: MailQueue;
  }
}

/**
 * The outgoing-mail queue (services/mail-queue.ts): the mails a change queued are sent once it has committed
 * (`onCommittedHere`), in the background: no request waits on the SMTP server; those committed during a send go
 * with the next one. What fails then, and what another
 * process left, goes with the retry job: on start, then every `retryMs`.
 */
export const mailQueuePlugin = fp<{ retryMs?: number }>(async (app, options) => {
  const log = app.log.child({ module: 'mail-queue' });
  const sender = { db: app.db, mailer: app.mailer, log };
  /** Sends still going (a change's mails, or the job): the app closes once they end, or after the grace. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    const quiet = work.catch((error: unknown) => log.warn({ err: error }, 'mail delivery failed; it will be retried'));
    inFlight.add(quiet);
    void quiet.finally(() => inFlight.delete(quiet));
    return quiet;
  };
  const idle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  const counted = async (delivery: Promise<DeliveryReport>) => {
    const report = await delivery;
    app.metrics.mail('sent', report.sent);
    app.metrics.mail('retrying', report.retrying);
    app.metrics.mail('given_up', report.gaveUp);
    return report;
  };

  const mailQueue: MailQueue = {
    async deliverDue(now) {
      const report = await counted(deliverDueMails(sender, now));
      await pruneSentMails(app.db, now);
      return report;
    },
    idle,
  };
  app.decorate('mailQueue', mailQueue);
  // Mails committed while a send of them runs wait for it, then go together: one claim and one update for many.
  let committedIds: string[] = [];
  let sendingCommitted = false;
  const sendCommitted = () => {
    const ids = committedIds;
    committedIds = [];
    sendingCommitted = true;
    void track(counted(deliverDueMails(sender, new Date(), ids))).finally(() => {
      sendingCommitted = false;
      if (committedIds.length > 0) sendCommitted();
    });
  };
  const stopListening = onCommittedHere(app.db, ({ mailIds }) => {
    committedIds.push(...mailIds);
    if (committedIds.length > 0 && !sendingCommitted) sendCommitted();
  });

  // One run of the job at a time in this process (other processes are kept apart by the rows' locks and leases).
  const everyMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const ran = app.metrics.task('mail-queue', everyMs / 1000);
  let running: Promise<unknown> | null = null;
  const countedRun = () =>
    mailQueue.deliverDue().then(
      () => ran('success'),
      (error: unknown) => {
        ran('failure');
        throw error;
      },
    );
  const runJob = () => {
    running ??= track(countedRun()).finally(() => (running = null));
  };
  app.addHook('onReady', async () => runJob());
  const timer = setInterval(runJob, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopListening();
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([idle(), new Promise<void>((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
  });
});
