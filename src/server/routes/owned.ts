import type { FastifyPluginAsync } from 'fastify';
import { isUuid } from '../http/uuid.ts';
import { SIGNED_IN } from '../http/openapi.ts';
import { requireConsents, requireOwner } from '../plugins/auth.ts';
import { accountDeletionRoutes } from './account-deletion.ts';
import { analysisRoutes } from './analyses.ts';
import { calibrationRoutes } from './calibrations.ts';
import { dataExportRoutes } from './data-export.ts';
import { deviceRoutes } from './devices.ts';
import { eventRoutes } from './events.ts';
import { notificationRoutes } from './notifications.ts';
import { orderRoutes } from './orders.ts';
import { consentRoutes } from './privacy.ts';
import { pushSubscriptionRoutes } from './push.ts';
import { quoteRoutes } from './quotes.ts';
import { securityRoutes } from './security.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { userRoutes } from './users.ts';

/** `/users/{uid}/…`: every route here serves only the signed-in user's own uid, checked before anything else. */
export const ownedRoutes: FastifyPluginAsync = async (app) => {
  // The document says so for each route here: the session cookie, and 404 for a uid that is no UUID.
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    route.schema = { ...schema, security: SIGNED_IN, openapi: { ...schema.openapi, refusals: [...(schema.openapi?.refusals ?? []), 401, 404] } };
  });
  app.addHook('onRequest', async (request, reply) => {
    // /users/register/ and /users/login/ also match /users/:uid/; a uid that is no UUID is not these routes.
    if (!isUuid((request.params as { uid?: string }).uid)) return reply.callNotFound();
    await requireOwner(request);
    await requireConsents(request);
  });
  await app.register(userRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(securityRoutes);
  await app.register(deviceRoutes);
  await app.register(calibrationRoutes);
  await app.register(orderRoutes);
  await app.register(analysisRoutes);
  await app.register(notificationRoutes);
  await app.register(eventRoutes);
  await app.register(pushSubscriptionRoutes);
  await app.register(quoteRoutes);
  await app.register(subscriptionRoutes);
  await app.register(consentRoutes);
  await app.register(dataExportRoutes);
};
