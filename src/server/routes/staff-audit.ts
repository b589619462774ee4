import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { AuditList, AuditQuery } from '#shared/schemas/staff-audit.ts';
import { auditPage } from '../services/audit.ts';

/** The audit log (issue 17): read only; no route changes or deletes an entry. Registered inside staffRoutes (its guard applies). */
export const staffAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/audit/',
    {
      schema: {
        tags: ['staff'],
        summary:
          'The audit log, newest first, a page at a time (`count` is the total): every staff write and staff download of another user\'s file, who, when, the record (`recordName` in the request language, its `owner`) and its values before and after (`names`: the people, services and files they name by id); `?staffId=`, `?userId=` (entries about that user\'s records), `?recordType=`, `?recordId=`, `?action=`, `?from=`/`?to=` (days, inclusive). Append-only: no route changes or deletes it',
        querystring: AuditQuery,
        response: { 200: AuditList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { total, rows } = await auditPage(app.db, request.query, request.t);
      return { count: total, row: rows };
    },
  );
};
