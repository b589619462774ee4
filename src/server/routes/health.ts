import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Health, Readiness } from '#shared/schemas/health.ts';
import { Headers } from '#shared/schemas/http.ts';
import { pingDatabase } from '../db/client.ts';
import { AppError, appError } from '../errors.ts';
import { readinessFailures } from '../services/readiness.ts';

const NO_STORE = { 'Cache-Control': { schema: Headers.cacheControlNoStore, required: true } };

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['system'],
        summary: 'Answers ok after a database round trip',
        response: { 200: Health, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw appError(503, 'errors.databaseUnavailable');
      }
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/ready/',
    {
      schema: {
        tags: ['system'],
        summary:
          "Readiness, for a load balancer: the database answers and has this version's newest migration, and the upload store takes writes " +
          '(the uploads directory, or HeadBucket on S3); each check has 4 s. `/health/` stays the cheap liveness check',
        response: { 200: Readiness, 503: ErrorBody },
        openapi: {
          responses: {
            200: { description: 'Ready to serve', headers: NO_STORE },
            503: { description: 'Not ready: one message per failed check (database, migrations, upload store), in the request\'s language', headers: NO_STORE },
          },
        },
      },
    },
    async (request, reply) => {
      const failures = await readinessFailures(app.db, app.uploads.store);
      if (failures.length > 0) {
        for (const { check, error } of failures) request.log.error({ err: error, check }, 'not ready');
        throw new AppError(503, failures.map(({ check }) => ({ key: `errors.notReady.${check}` })), { 'Cache-Control': 'no-store' });
      }
      reply.header('Cache-Control', 'no-store');
      return { status: 'ready' as const };
    },
  );
};
