import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedCatalog } from './db/seed.ts';
import { dbPlugin } from './plugins/db.ts';
import { secretBoxPlugin } from './plugins/secret-box.ts';
import { DEVELOPMENT_SECRETS_KEYS } from './services/secret-box.ts';
import { docsPlugin } from './plugins/docs.ts';
import { clientErrorHandler, clientErrorsPlugin } from './plugins/client-errors.ts';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.ts';
import { eventsPlugin } from './plugins/events.ts';
import { pushPlugin } from './plugins/push.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { trackRouteMethods } from './plugins/route-methods.ts';
import { securityPlugin } from './plugins/security.ts';
import { shutdownPlugin } from './plugins/shutdown.ts';
import { appShell, hasBuiltApp, staticPlugin } from './plugins/static.ts';
import { authPlugin } from './plugins/auth.ts';
import multipart from '@fastify/multipart';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { mailPlugin } from './plugins/mail.ts';
import { mailQueuePlugin } from './plugins/mail-queue.ts';
import { createFileStore, type FileStore } from './storage/file-store.ts';
import { createUploadStore } from './storage/upload-store.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { UPLOAD_TTL_MS } from './services/uploads.ts';
import { requestShapePlugin } from './plugins/request-shape.ts';
import { unreadBodyPlugin } from './plugins/unread-body.ts';
import { authRoutes } from './routes/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { fileRoutes } from './routes/files.ts';
import { dataExportFileRoutes } from './routes/data-export.ts';
import { dataExportPlugin } from './plugins/data-export.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { staffRoutes } from './routes/staff.ts';
import { ownedRoutes } from './routes/owned.ts';
import { pushKeyRoutes } from './routes/push.ts';
import { paymentRoutes } from './routes/payments.ts';
import { paymentsPlugin } from './plugins/payments.ts';
import { privacyPlugin } from './plugins/privacy.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { subscriptionLifecyclePlugin } from './plugins/subscription-lifecycle.ts';
import { retentionPlugin } from './plugins/retention.ts';
import { loadSigningKey } from './services/secrets.ts';
import { createMetrics, type ScrapeSources } from './metrics/registry.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { backupSocketPlugin } from './plugins/backup-socket.ts';
import { mailQueueState } from './services/mail-queue-state.ts';
import { readinessFailures } from './services/readiness.ts';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(config.logStream && { stream: config.logStream }),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}

/** What the metrics read when scraped; the decorations they use exist by then (the app is ready). */
const scrapeSources = (app: FastifyInstance): ScrapeSources => ({
  mailQueue: () => mailQueueState(app.db),
  openEventStreams: () => app.events.openStreams(),
  readiness: async () => {
    const failures = await readinessFailures(app.db, app.uploads.store);
    return failures.length > 0 ? failures.map((failure) => failure.check) : null;
  },
});

/** Builds the whole server (database opened, migrated and seeded) without listening. */
export async function buildApp(config: Config) {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // Every refusal in our `{"errors": [...]}` shape: the router's, the HTTP parser's, while closing, without Host.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler,
    return503OnClosing: false,
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = createMetrics();
  const database = await openDatabase(config.database, config.metrics ? metrics.query : undefined);
  try {
    await seedCatalog(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  await app.register(dbPlugin, { database });
  await app.register(secretBoxPlugin, { keys: config.secretsKeys ?? DEVELOPMENT_SECRETS_KEYS });
  if (database.pglite && config.database.kind === 'pglite' && config.database.dir) {
    await app.register(backupSocketPlugin, { client: database.pglite, dataDir: path.dirname(config.database.dir) });
  }
  await app.register(metricsPlugin, { metrics, serve: config.metrics ?? null, sources: scrapeSources });

  await app.register(shutdownPlugin);
  const { allowedMethods } = trackRouteMethods(app);
  // Read per request: main.ts fills publicUrl in with the listening URL when PUBLIC_URL is unset.
  const siteOrigin = () => config.publicUrl ?? 'http://localhost';
  const serveApp = hasBuiltApp(config.distDir) ? appShell(config.distDir, siteOrigin) : undefined;
  await app.register(i18nPlugin);
  await app.register(securityPlugin);
  await app.register(errorsPlugin, { allowedMethods, serveApp });
  await app.register(clientErrorsPlugin);
  await app.register(unreadBodyPlugin);
  await app.register(requestShapePlugin);
  await app.register(authPlugin, { signingKey: await loadSigningKey(database.db, config.secretKey), listen: database.listen });
  await app.register(mailPlugin, { config });
  await app.register(mailQueuePlugin, { retryMs: config.mailRetryMs });
  await app.register(multipart, { limits: { fileSize: config.uploadLimit, files: 4, fields: 40 } });
  const uploadStore = await createUploadStore({ dataDir: config.dataDir, s3: config.s3 ?? null, expiresMs: UPLOAD_TTL_MS, database });
  app.decorate('fileStore', createFileStore(config.dataDir, uploadStore));
  await app.register(uploadsPlugin, {
    store: uploadStore,
    path: `${API_PREFIX}/uploads`,
    maxBytes: config.uploadMaxBytes,
    sweepMs: config.uploadSweepMs,
    orphanGraceMs: config.uploadOrphanGraceMs,
    databaseUrl: config.database.kind === 'postgres' ? config.database.url : null,
  });
  await app.register(idempotencyPlugin);
  await app.register(eventsPlugin, { database, heartbeatMs: config.eventsHeartbeatMs });
  await app.register(pushPlugin, { config });
  await app.register(paymentsPlugin, { config });
  await app.register(privacyPlugin, { config });
  await app.register(subscriptionLifecyclePlugin, { config });
  await app.register(dataExportPlugin, { config });
  await app.register(retentionPlugin, { config });
  await app.register(docsPlugin);
  if (serveApp && config.distDir) await app.register(staticPlugin, { root: config.distDir, serveAppShell: serveApp, origin: siteOrigin });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(authRoutes);
      await api.register(contactRoutes);
      await api.register(pushKeyRoutes);
      await api.register(ownedRoutes);
      await api.register(fileRoutes);
      await api.register(dataExportFileRoutes);
      await api.register(uploadRoutes);
      await api.register(staffRoutes);
      await api.register(paymentRoutes);
      await api.register(privacyRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
