import fp from 'fastify-plugin';
import { DEFAULT_RETENTION, type Config } from '../config.ts';
import { runRetention, type RetentionReport } from '../services/account-deletion/retention.ts';

const EVERY_MS = 24 * 3600_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the retention job at `now` (tests pass their clock). */
    runRetention(now?: Date): Promise<RetentionReport>;
  }
}

/** The retention job (services/account-deletion/retention.ts): on start, then daily; a failed run is logged and retried at the next. */
export const retentionPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const log = app.log.child({ module: 'retention' });
  const run = (now?: Date) => runRetention(app.db, config.retention ?? DEFAULT_RETENTION, now);
  app.decorate('runRetention', run);
  const ran = app.metrics.task('retention', EVERY_MS / 1000);
  let running: Promise<unknown> | null = null;
  const runJob = () => {
    running ??= run()
      .then((report) => {
        ran('success');
        if (report.accounts + report.auditEntries > 0) log.info(report, 'records past their retention period removed');
      })
      .catch((error: unknown) => {
        ran('failure');
        log.error({ err: error }, 'retention run failed');
      })
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => runJob());
  const timer = setInterval(runJob, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
