import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedCatalog } from './db/seed.ts';
import { dbPlugin } from './plugins/db.ts';
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
import { authRoutes } from './routes/auth.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { contactRoutes } from './routes/contact.ts';
import { healthRoutes } from './routes/health.ts';
import { fileRoutes } from './routes/files.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { staffRoutes } from './routes/staff.ts';
import { ownedRoutes } from './routes/owned.ts';
import { pushKeyRoutes } from './routes/push.ts';
import { paymentRoutes } from './routes/payments.ts';
import { paymentsPlugin } from './plugins/payments.ts';
import { signatureLifecyclePlugin } from './plugins/signature-lifecycle.ts';
import { loadSigningKey } from './services/secrets.ts';

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

  const database = await openDatabase(config.database);
  try {
    await seedCatalog(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  await app.register(dbPlugin, { database });

  await app.register(shutdownPlugin);
  const { allowedMethods } = trackRouteMethods(app);
  // Read per request: main.ts fills publicUrl in with the listening URL when PUBLIC_URL is unset.
  const siteOrigin = () => config.publicUrl ?? 'http://localhost';
  const serveApp = hasBuiltApp(config.distDir) ? appShell(config.distDir, siteOrigin) : undefined;
  await app.register(i18nPlugin);
  await app.register(securityPlugin);
  await app.register(errorsPlugin, { allowedMethods, serveApp });
  await app.register(clientErrorsPlugin);
  await app.register(requestShapePlugin);
  await app.register(authPlugin, { signingKey: await loadSigningKey(database.db, config.secretKey) });
  await app.register(mailPlugin, { config });
  await app.register(mailQueuePlugin, { retryMs: config.mailRetryMs, requestWaitMs: config.mailRequestWaitMs });
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
  await app.register(signatureLifecyclePlugin, { config });
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
      await api.register(uploadRoutes);
      await api.register(staffRoutes);
      await api.register(paymentRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
