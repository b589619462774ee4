import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { StaffUserDetail, StaffUserList, StaffUserParams, StaffUserQuery } from '#shared/schemas/staff.ts';
import { staffUserDetail, staffUserPage } from '../services/staff-users.ts';

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
};
