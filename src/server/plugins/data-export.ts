import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { buildExport, claimExport, exportsToBuild, sweepExpiredExports, type ExportDeps, type ExportRow } from '../services/data-export.ts';

const DEFAULT_EVERY_MS = 60_000;
/** At shutdown a build still going gets this long; then its lease runs out and another process takes it over. */
const CLOSE_GRACE_MS = 2000;

export interface DataExportJobs {
  /** Builds this export in the background, if this process can claim it (a request that created one). */
  start(row: ExportRow): void;
  /** One run of the job: expired zips removed, queued and abandoned exports built (tests pass a later clock). */
  runJob(now?: Date): Promise<void>;
  /** Resolves once no build of this process is going. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dataExports: DataExportJobs;
  }
}

/** Data exports (services/data-export.ts): built in the background after the request, and a job on start and every minute. */
export const dataExportPlugin = fp<{ config: Config; everyMs?: number }>(async (app, { config, everyMs = DEFAULT_EVERY_MS }) => {
  const log = app.log.child({ module: 'data-export' });
  const deps = (): ExportDeps => ({
    db: app.db,
    uploads: app.uploads.store,
    fileStore: app.fileStore,
    providers: app.payments.providers,
    translator: app.translator,
    baseUrl: config.publicUrl ?? 'http://localhost',
    log,
  });
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const quiet = work.catch((error: unknown) => log.error({ err: error }, 'data export job failed'));
    inFlight.add(quiet);
    void quiet.finally(() => inFlight.delete(quiet));
  };
  const build = async (id: string, now?: Date) => {
    const claimed = await claimExport(app.db, id, now);
    if (claimed) await buildExport(deps(), claimed);
  };
  const runJob = async (now?: Date) => {
    await sweepExpiredExports(deps(), now);
    for (const row of await exportsToBuild(app.db, now)) await build(row.id, now);
  };
  const idle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  app.decorate('dataExports', { start: (row) => track(build(row.id)), runJob, idle });

  const ran = app.metrics.task('data-export', everyMs / 1000);
  let running: Promise<unknown> | null = null;
  const runQuietly = () => {
    running ??= runJob()
      .then(() => ran('success'))
      .catch((error: unknown) => {
        ran('failure');
        log.error({ err: error }, 'data export job failed');
      })
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => runQuietly());
  const timer = setInterval(runQuietly, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([idle(), running]), new Promise<void>((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
  });
});
