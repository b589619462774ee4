import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { AcceptConsentsBody, ConsentStatus, PrivacyFacts } from '#shared/schemas/privacy.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { deviceOf } from '../plugins/auth.ts';
import { acceptConsents, consentStatus } from '../services/consents.ts';

/** The privacy notice's facts from the running configuration (public: the notice at /privacy shows them). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/privacy/',
    {
      schema: {
        tags: ['privacy'],
        summary: 'The controller, the encarregado (DPO_NAME, DPO_EMAIL), the versions in force of the terms and the privacy notice, and who processes data on our behalf',
        response: { 200: PrivacyFacts },
      },
    },
    async () => app.privacy,
  );
};

/** `/users/{uid}/consents/`: the user's consent records, and accepting a newer version (mounted by owned.ts). */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/consents/',
    {
      schema: {
        tags: ['privacy'],
        summary: 'The versions in force, those still to accept (every write answers 403 until then) and every acceptance, newest first',
        params: UserIdParams,
        response: { 200: ConsentStatus, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => consentStatus(app.db, request.params.uid, app.privacy.versions, { staff: request.user!.isStaff }),
  );

  app.post(
    '/users/:uid/consents/',
    {
      // The one write a user with a version still to accept can make: accepting it.
      config: { beforeConsent: true },
      schema: {
        tags: ['privacy'],
        summary: 'Accept the versions in force of the terms of use and/or the privacy notice; 409 when a newer version was published since they were read',
        params: UserIdParams,
        body: AcceptConsentsBody,
        response: { 200: ConsentStatus, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      await acceptConsents(app.db, request.params.uid, request.body.accept, app.privacy.versions, deviceOf(request));
      return consentStatus(app.db, request.params.uid, app.privacy.versions, { staff: request.user!.isStaff });
    },
  );
};
