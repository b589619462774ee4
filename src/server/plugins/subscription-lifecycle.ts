import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { runSubscriptionLifecycle, type LifecycleReport } from '../services/subscription-lifecycle.ts';

const DEFAULT_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the subscriptions' lifecycle job at `now` (tests pass their clock instead of waiting). */
    runSubscriptionLifecycle(now?: Date): Promise<LifecycleReport>;
  }
}

/** The subscriptions' lifecycle job (services/subscription-lifecycle.ts): on start, then hourly; a failed run is logged and retried at the next. */
export const subscriptionLifecyclePlugin = fp<{ config: Config }>(async (app, { config }) => {
  const log = app.log.child({ module: 'subscription-lifecycle' });
  const run = (now?: Date) =>
    runSubscriptionLifecycle(
      { db: app.db, translator: app.translator, baseUrl: config.publicUrl ?? 'http://localhost', log, fileStore: app.fileStore, provider: app.payments.issuer, usdBrlRate: app.payments.usdBrlRate },
      now,
    );
  app.decorate('runSubscriptionLifecycle', run);

  const everyMs = config.subscriptionLifecycleMs ?? DEFAULT_EVERY_MS;
  const ran = app.metrics.task('subscription-lifecycle', everyMs / 1000);
  let running: Promise<unknown> | null = null;
  const runJob = () => {
    running ??= run()
      .then((report) => {
        ran(report.ran ? 'success' : 'skipped');
        if (report.expired + report.billsIssued > 0) log.info(report, 'subscriptions updated');
      })
      .catch((error: unknown) => {
        ran('failure');
        log.error({ err: error }, 'subscription lifecycle run failed');
      })
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => runJob());
  const timer = setInterval(runJob, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
