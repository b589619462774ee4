import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { StaffUserDetail, StaffUserList, StaffUserParams, StaffUserQuery } from '#shared/schemas/staff.ts';
import { DataExportLatest, DataExportParams, DataExportState } from '#shared/schemas/data-export.ts';
import { notFound } from '../errors.ts';
import { storedFile } from '../http/openapi.ts';
import { auditExportDownload, findExport, latestExport, presentExport, requestExport, staffDownloadPath } from '../services/data-export.ts';
import { staffUserDetail, staffUserPage } from '../services/staff-users.ts';
import { findUserById } from '../services/users.ts';
import { assertDownloadable, sendExportZip } from './data-export.ts';

const tags = ['staff'];
const readErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Staff find users (issue 17); a user's orders, subscriptions and quotes are those lists with `?userId=`. Registered inside staffRoutes (its guard applies). */
export const staffUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/users/',
    {
      schema: {
        tags,
        summary:
          'Users a page at a time (`count` is the total): `?q=` matches name, e-mail or clinic (any part, any case) or the CPF/CNPJ digits (with or without punctuation); `?sort=` name, email, clinic, createdAt (`-` descending)',
        querystring: StaffUserQuery,
        response: { 200: StaffUserList, ...readErrors },
      },
    },
    async (request) => {
      const { total, rows } = await staffUserPage(app.db, request.query);
      return { count: total, row: rows };
    },
  );

  app.get(
    '/staff/users/:uid/',
    {
      schema: {
        tags,
        summary: "A user's profile and how many orders, subscriptions and quote requests they have (`GET /staff/orders/?userId=`, `/staff/signatures/?userId=`, `/staff/quotes/?userId=`)",
        params: StaffUserParams,
        response: { 200: StaffUserDetail, ...readErrors },
      },
    },
    async (request) => staffUserDetail(app.db, request.params.uid),
  );

  app.post(
    '/staff/users/:uid/data-export/',
    {
      schema: {
        tags,
        summary: "Produce a user's data export on their request (audited: `user.dataExport`); it is built and mailed as the user's own, and staff may download it to hand it over (`downloadUrl`, audited); joins one already running (200)",
        params: StaffUserParams,
        response: { 200: DataExportState, 202: DataExportState, ...readErrors },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, request.params.uid);
      if (!user) throw notFound();
      const { row, created } = await requestExport(app.db, user.id, { language: user.language, requestedBy: request.user!.id });
      if (created) app.dataExports.start(row);
      return reply.code(created ? 202 : 200).send(presentExport(row, staffDownloadPath));
    },
  );

  app.get(
    '/staff/users/:uid/data-export/',
    {
      schema: {
        tags,
        summary: "The user's latest data export: state, progress, expiry and the staff's download link (`GET /staff/data-exports/{id}/file/`)",
        params: StaffUserParams,
        response: { 200: DataExportLatest, ...readErrors },
      },
    },
    async (request) => {
      const row = await latestExport(app.db, request.params.uid);
      return { export: row ? presentExport(row, staffDownloadPath) : null };
    },
  );

  app.get(
    '/staff/data-exports/:id/file/',
    {
      schema: {
        tags,
        summary: "Download a user's finished data export, to hand it to them (audited: `user.dataExportDownload`); 410 after its 7 days, 409 while it is being built",
        params: DataExportParams,
        response: { 200: z.any(), 409: ErrorBody, 410: ErrorBody, ...readErrors },
        openapi: { responses: { 200: storedFile } },
      },
    },
    async (request, reply) => {
      const row = await findExport(app.db, request.params.id);
      if (!row) throw notFound();
      assertDownloadable(row);
      await auditExportDownload(app.db, request.user!.id, row);
      return sendExportZip(app, reply, row);
    },
  );
};
