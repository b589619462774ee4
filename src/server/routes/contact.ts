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
        summary: 'Write to the company: the message is stored and mailed to it; rate-limited per client address (20 an hour) and per e-mail address (5 an hour)',
        body: ContactBody,
        response: { 204: z.null(), 400: ErrorBody, 429: ErrorBody },
        openapi: { responses: { 429: { description: 'Over 20 messages an hour from this client address (TRUST_PROXY: the address X-Forwarded-For names), or over 5 an hour for this e-mail address: retry after Retry-After seconds' } } },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(request, [LIMITS.contactByIp(request.ip), LIMITS.contactByEmail(request.body.email)]);
      await storeContactMessage(app.db, request.body, request.lang, app.companyMail);
      return reply.code(204).send(null);
    },
  );
};
