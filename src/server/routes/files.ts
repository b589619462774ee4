import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { files } from '../db/schema.ts';
import { appError } from '../errors.ts';
import { sendStoredFile } from '../http/send-file.ts';
import { SIGNED_IN, storedFile } from '../http/openapi.ts';
import { requireUser } from '../plugins/auth.ts';
import { auditDownload } from '../services/audit.ts';
import { drawnFile } from '../services/boleto-pdfs.ts';

export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id/',
    {
      schema: {
        tags: ['files'],
        summary: "Download a stored file: its owner or staff only (a staff download of another user's file is in the audit log)",
        params: z.object({ id: z.uuid('validation.invalidUuid') }),
        response: { 200: z.any(), 401: ErrorBody, 404: ErrorBody },
        security: SIGNED_IN,
        openapi: { responses: { 200: storedFile } },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const [file] = await app.db.select().from(files).where(eq(files.id, request.params.id));
      // Another user's file is "not found", never "forbidden": its existence is not revealed.
      if (!file || (file.userId !== request.user!.id && !request.user!.isStaff)) throw appError(404, 'errors.notFound');
      if (file.userId !== request.user!.id) await auditDownload(app.db, request.user!.id, file);
      return sendStoredFile(reply, app.fileStore, await drawnFile({ db: app.db, fileStore: app.fileStore, providers: app.payments.providers }, file));
    },
  );
};
