import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { ContactBody } from '#shared/schemas/contact.ts';
import { LIMITS, enforceRateLimits } from '../plugins/rate-limit.ts';
import { storeContactMessage } from '../services/contact.ts';

/** docs/v1-contract.md §1.20, stored and queued (docs/api.md deviations). Anonymous: a session cookie changes nothing. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact/',
    {
      schema: {
        tags: ['contact'],
        summary: 'Write to the company: the message is stored and mailed to it; rate-limited per e-mail address',
        body: ContactBody,
        response: { 204: z.null(), 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(request, [LIMITS.contactByEmail(request.body.email)]);
      const mailId = await storeContactMessage(app.db, request.body, request.lang, app.companyMail);
      await app.mailQueue.deliver([mailId]);
      return reply.code(204).send(null);
    },
  );
};
