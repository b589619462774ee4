import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { PushSubscriptionBody, PushSubscriptionCreated, PushUnsubscribeBody, VapidPublicKey } from '#shared/schemas/push.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { fieldErrors } from '../errors.ts';
import { resolvesToPublic } from '../push/public-address.ts';
import { removeSubscription, saveSubscription } from '../services/push-subscriptions.ts';

const tags = ['push'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };

/** `GET /push/vapid-public-key/`: public. */
export const pushKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/vapid-public-key/',
    { schema: { tags, summary: 'The VAPID public key (applicationServerKey of pushManager.subscribe)', response: { 200: VapidPublicKey } } },
    async () => ({ publicKey: app.push.publicKey }),
  );
};

/** `/users/{uid}/push-subscriptions/` (mounted by owned.ts). */
export const pushSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:uid/push-subscriptions/',
    {
      schema: {
        tags,
        summary: "Register this browser's PushSubscription (toJSON()) for the user and this session; the same endpoint again replaces it",
        params: UserIdParams,
        body: PushSubscriptionBody,
        response: { 201: PushSubscriptionCreated, ...errors },
      },
    },
    async (request, reply) => {
      // https to a public address only: a push is a server-side POST to the given address, which must not
      // reach this machine or internal services (the transport checks the address again when it connects).
      const endpoint = new URL(request.body.endpoint);
      if (!app.push.allowInsecureEndpoints) {
        if (endpoint.protocol !== 'https:') throw fieldErrors([{ field: 'endpoint', key: 'push.endpointNotHttps' }]);
        if (!(await resolvesToPublic(endpoint.hostname))) throw fieldErrors([{ field: 'endpoint', key: 'push.endpointNotPublic' }]);
      }
      const id = await saveSubscription(app.db, request.params.uid, request.user!.familyId, request.body);
      return reply.code(201).send({ id });
    },
  );

  app.delete(
    '/users/:uid/push-subscriptions/',
    {
      schema: {
        tags,
        summary: 'Stop pushes to this endpoint (no error when it is not registered)',
        params: UserIdParams,
        body: PushUnsubscribeBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSubscription(app.db, request.params.uid, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
