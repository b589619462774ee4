import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { runSignatureLifecycle, type LifecycleReport } from '../services/signature-lifecycle.ts';

const DEFAULT_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the subscriptions' lifecycle job at `now` (tests pass their clock instead of waiting). */
    runSignatureLifecycle(now?: Date): Promise<LifecycleReport>;
  }
}

/** The subscriptions' lifecycle job (services/signature-lifecycle.ts): on start, then hourly; a failed run is logged and retried at the next. */
export const signatureLifecyclePlugin = fp<{ config: Config }>(async (app, { config }) => {
  const log = app.log.child({ module: 'signature-lifecycle' });
  const run = (now?: Date) =>
    runSignatureLifecycle(
      { db: app.db, mailer: app.mailer, translator: app.translator, baseUrl: config.publicUrl ?? 'http://localhost', log, fileStore: app.fileStore, provider: app.payments.issuer, usdBrlRate: app.payments.usdBrlRate },
      now,
    );
  app.decorate('runSignatureLifecycle', run);

  let running: Promise<unknown> | null = null;
  const runJob = () => {
    running ??= run()
      .then((report) => (report.expired + report.billsIssued > 0 ? log.info(report, 'subscriptions updated') : undefined))
      .catch((error: unknown) => log.error({ err: error }, 'subscription lifecycle run failed'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => runJob());
  const timer = setInterval(runJob, config.signatureLifecycleMs ?? DEFAULT_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
