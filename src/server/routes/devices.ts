import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { DeviceSessionList } from '#shared/schemas/security.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { notFound } from '../errors.ts';
import { readRefusals } from '../http/openapi.ts';
import { listDevices, revokeDevice } from '../services/devices.ts';
import { revokeUserSessions } from '../services/sessions.ts';

const tags = ['security'];
const errors = { 401: ErrorBody, 404: ErrorBody };

/** The signed-in devices (issue 31): list them, end one, or end all but this one (mounted by owned.ts). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/sessions/',
    { schema: { tags, summary: 'The signed-in sessions: browser and system, address, first and last seen', params: UserIdParams, response: { 200: DeviceSessionList, ...readRefusals(errors) } } },
    (request) => listDevices(app.db, request.params.uid, request.user!.familyId),
  );

  app.delete(
    '/users/:uid/sessions/:sid/',
    {
      schema: {
        tags,
        summary: 'End a session: its refresh and access tokens stop working at once',
        params: UserIdParams.extend({ sid: z.uuid('validation.invalidUuid') }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await revokeDevice(app.db, request.params.uid, request.params.sid))) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/users/:uid/sessions/',
    { schema: { tags, summary: 'End every session but this one (the one asking stays signed in)', params: UserIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await revokeUserSessions(app.db, request.params.uid, request.user!.familyId);
      return reply.code(204).send(null);
    },
  );
};
