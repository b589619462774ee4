import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { QuoteBody } from '#shared/schemas/quotes.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import { createQuoteRequest, parseQuote } from '../services/quotes.ts';

const tags = ['quotes'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };
// The handler checks the body after the e-mail's 409 (v1's order): the route takes any body, the document shows QuoteBody.
const requestBody = { 'application/json': QuoteBody };

/** docs/v1-contract.md §1.17, stored and notified (docs/api.md deviations). */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:uid/budget/',
    { schema: { tags, summary: 'Request a quote (budget): stored, mailed to the company, the user notified', params: UserIdParams, body: z.unknown(), response: { 204: z.null(), ...errors }, openapi: { requestBody } } },
    async (request, reply) => {
      requireVerifiedEmail(request);
      const { mailIds } = await createQuoteRequest(app.db, request.params.uid, parseQuote(request.body), app.companyMail);
      await app.mailQueue.deliver(mailIds);
      return reply.code(204).send(null);
    },
  );
};
