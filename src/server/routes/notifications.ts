import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { NotificationList, NotificationParams, NotificationQuery, ToggleCheckBody } from '#shared/schemas/notifications.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { appError } from '../errors.ts';
import { listNotifications, setChecked } from '../services/notifications.ts';

const tags = ['notifications'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/notifications/',
    {
      schema: {
        tags,
        summary: 'All of the user\'s notifications, newest first (?checked=false gives v1\'s unread list)',
        params: UserIdParams,
        querystring: NotificationQuery,
        response: { 200: NotificationList, ...errors },
      },
    },
    async (request) => {
      const { checked, limit, offset } = request.query;
      return listNotifications(app.db, request.params.uid, request.t, {
        checked: checked === undefined ? undefined : checked === 'true',
        limit,
        offset,
      });
    },
  );

  app.post(
    '/users/:uid/notifications/:nid/toogle_check/',
    {
      schema: {
        tags,
        summary: 'Mark read ({"checked": true}) or unread; without a body it flips, as in v1. The path keeps v1\'s spelling',
        params: NotificationParams,
        body: ToggleCheckBody,
        response: { 204: z.null(), ...errors },
        openapi: { bodyOptional: true },
      },
    },
    async (request, reply) => {
      const found = await setChecked(app.db, request.params.uid, request.params.nid, request.body?.checked ?? null);
      if (!found) throw appError(404, 'errors.notFound');
      return reply.code(204).send(null);
    },
  );
};
