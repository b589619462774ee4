import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { MyQuoteList, QuoteBody } from '#shared/schemas/quotes.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { bodyCheckedByHandler } from '../http/body-checked-by-handler.ts';
import { requireVerifiedEmail } from '../plugins/auth.ts';
import { createQuoteRequest, listMyQuotes, parseQuote } from '../services/quotes.ts';

const tags = ['quotes'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };

/** docs/v1-contract.md §1.17, stored and notified (docs/api.md deviations). */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:uid/budget/',
    {
      schema: { tags, summary: 'Request a quote (budget): stored, mailed to the company, the user notified', params: UserIdParams, body: QuoteBody, response: { 204: z.null(), ...errors } },
      // parseQuote checks the body after the e-mail's 409, in v1's order (the service, then its fields).
      validatorCompiler: bodyCheckedByHandler,
    },
    async (request, reply) => {
      requireVerifiedEmail(request);
      await createQuoteRequest(app.db, request.params.uid, parseQuote(request.body as unknown), app.companyMail);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:uid/quotes/',
    {
      schema: {
        tags,
        summary: "The user's quote requests, newest first, each waiting, answered (with staff's answer) or ordered (My quotes; a DoseHub addition)",
        params: UserIdParams,
        response: { 200: MyQuoteList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const row = await listMyQuotes(app.db, request.params.uid);
      return { count: row.length, row };
    },
  );
};
