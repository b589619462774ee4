import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { DataExportLatest, DataExportParams, DataExportState } from '#shared/schemas/data-export.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { appError } from '../errors.ts';
import { SIGNED_IN, storedFile } from '../http/openapi.ts';
import { requireUser } from '../plugins/auth.ts';
import { findExport, latestExport, presentExport, requestExport, type ExportRow } from '../services/data-export.ts';

const tags = ['privacy'];
const errors = { 401: ErrorBody, 404: ErrorBody };

/** "Download my data" (issue 30): ask for the export, follow it (mounted by owned.ts: the signed-in user's own uid). */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:uid/data-export/',
    {
      // Whoever has not accepted a new version of the terms may still take their data (docs/privacy.md).
      config: { beforeConsent: true },
      schema: {
        tags,
        summary: 'Ask for a zip of everything DoseHub holds about the user (data.json, summary.html, every file), built in the background and mailed when ready; while one is queued or running, the request joins it (200)',
        params: UserIdParams,
        response: { 200: DataExportState, 202: DataExportState, ...errors },
      },
    },
    async (request, reply) => {
      const { row, created } = await requestExport(app.db, request.params.uid, { language: request.lang });
      if (created) app.dataExports.start(row);
      return reply.code(created ? 202 : 200).send(presentExport(row));
    },
  );

  app.get(
    '/users/:uid/data-export/',
    { schema: { tags, summary: "The user's latest export: its state, progress, expiry and download link", params: UserIdParams, response: { 200: DataExportLatest, ...errors } } },
    async (request) => {
      const row = await latestExport(app.db, request.params.uid);
      return { export: row ? presentExport(row) : null };
    },
  );
};

/** The finished zip: its owner only (another user's, or staff's, is 404), 410 once expired. */
export const dataExportFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/data-exports/:id/file/',
    {
      schema: {
        tags,
        summary: 'Download a finished data export (the signed-in owner only: any other caller gets 404); 410 after its 7 days, 409 while it is being built',
        params: DataExportParams,
        response: { 200: z.any(), 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody },
        security: SIGNED_IN,
        openapi: { responses: { 200: storedFile } },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const row = await findExport(app.db, request.params.id);
      if (!row || row.userId !== request.user!.id) throw appError(404, 'errors.notFound');
      return sendExportZip(app, reply, row);
    },
  );
};

/** 410 once expired, 409 while it is built. */
export function assertDownloadable(row: ExportRow): asserts row is ExportRow & { storageId: string; finishedAt: Date } {
  if (row.state === 'expired') throw appError(410, 'errors.dataExportExpired');
  if (row.state !== 'ready' || !row.storageId) throw appError(409, 'errors.dataExportNotReady');
}

/** The zip of a ready export, as an attachment nobody caches. */
export function sendExportZip(app: FastifyInstance, reply: FastifyReply, row: ExportRow) {
  assertDownloadable(row);
  const name = `dosehub-data-${row.finishedAt.toISOString().slice(0, 10)}.zip`;
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Length', String(row.size))
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'private, no-store')
    .send(app.uploads.store.open(row.storageId));
}
