import fp from 'fastify-plugin';
import { sweepExpiredUploads, sweepOrphanUploads } from '../services/uploads.ts';
import type { TusServer } from '../storage/tus-server.ts';
import type { UploadStore } from '../storage/upload-store.ts';

export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;
const DEFAULT_SWEEP_MS = 3600 * 1000;
const DEFAULT_ORPHAN_GRACE_MS = 3600 * 1000;

export interface Uploads {
  store: UploadStore;
  /** The tus server, created on the first call (@tus/server's ~2 MB of heap wait for the first upload request; issue 35). */
  tus(): Promise<TusServer>;
  /** Largest upload accepted, bytes. */
  maxBytes: number;
  /** Removes expired, unconsumed uploads now; returns how many. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
  }
}

interface UploadsOptions {
  store: UploadStore;
  /** The public path of the tus endpoint (`/api/v1/uploads`). */
  path: string;
  maxBytes?: number;
  sweepMs?: number;
  /** Age after which an upload in the store without a record is removed (sweepOrphanUploads). */
  orphanGraceMs?: number;
  /** PostgreSQL: uploads are locked across processes. */
  databaseUrl?: string | null;
}

/** Resumable uploads: the tus server, its store, and the sweep of expired uploads (on start, then periodically). */
export const uploadsPlugin = fp<UploadsOptions>(async (app, options) => {
  const maxBytes = options.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  const { store } = options;
  // pg loads on PostgreSQL only (issue 35).
  const locker = options.databaseUrl ? new (await import('../storage/postgres-locker.ts')).PostgresLocker(options.databaseUrl) : undefined;
  if (locker) app.addHook('onClose', () => locker.close());
  const log = app.log.child({ module: 'uploads' });
  const storeLog = {
    error: (details: { store?: { code?: string } }, message: string) => {
      app.metrics.storeError(details.store?.code ?? 'unknown');
      log.error(details, message);
    },
  };
  // One promise: concurrent first requests share one tus server.
  let tusServer: Promise<TusServer> | undefined;
  const tus = () =>
    (tusServer ??= import('../storage/tus-server.ts').then(({ createTusServer }) =>
      createTusServer({ db: app.db, store, path: options.path, maxBytes, locker, log: storeLog }),
    ));
  const sweep = async () => {
    const removed = await sweepExpiredUploads(app.db, store.remove);
    if (removed > 0) log.info({ removed }, 'expired uploads removed');
    const orphans = await sweepOrphanUploads(app.db, store, options.orphanGraceMs ?? DEFAULT_ORPHAN_GRACE_MS);
    if (orphans > 0) log.info({ orphans }, 'uploads without a record removed from the store');
    return removed;
  };
  app.decorate('uploads', { store, tus, maxBytes, sweep });
  const everyMs = options.sweepMs ?? DEFAULT_SWEEP_MS;
  const ran = app.metrics.task('upload-sweep', everyMs / 1000);
  const sweepQuietly = () =>
    sweep().then(
      () => ran('success'),
      (error: unknown) => {
        ran('failure');
        log.warn({ err: error }, 'upload sweep failed');
      },
    );
  await sweepQuietly();
  const timer = setInterval(() => void sweepQuietly(), everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
