import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Health } from '#shared/schemas/health.ts';
import { pingDatabase } from '../db/client.ts';
import { appError } from '../errors.ts';

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
};
