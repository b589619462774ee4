import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { QuotePatch, StaffQuote, StaffQuoteList, StaffQuoteParams, StaffQuoteQuery } from '#shared/schemas/staff.ts';
import { expectedVersion, sendVersion } from '../http/etag.ts';
import { noticeContext } from '../http/notices.ts';
import { sends } from '../http/openapi.ts';
import { markQuote, staffQuote, staffQuotePage } from '../services/staff-quotes.ts';

const tags = ['staff'];
const readErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const versioned = { responses: { 200: { headers: sends.etag } } };

/** The staff's quotes inbox (issue 17). Registered inside staffRoutes (its guard applies). */
export const staffQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/quotes/',
    {
      schema: {
        tags,
        summary:
          "Quote requests, newest first, a page at a time (`count` is the total), each with its requester and `prefill` for \"Create order\" (`POST /staff/orders/`); `?status=new|answered`, `?userId=`, `?serviceId=`, `?sort=createdAt` (oldest first)",
        querystring: StaffQuoteQuery,
        response: { 200: StaffQuoteList, ...readErrors },
      },
    },
    async (request) => {
      const { total, rows } = await staffQuotePage(app.db, request.query, request.t);
      return { count: total, row: rows };
    },
  );

  app.get(
    '/staff/quotes/:qid/',
    { schema: { tags, summary: 'One quote request (ETag: what a PATCH names in If-Match)', params: StaffQuoteParams, response: { 200: StaffQuote, ...readErrors }, openapi: versioned } },
    async (request, reply) => {
      const quote = await staffQuote(app.db, request.params.qid, request.t);
      sendVersion(reply, quote.version);
      return quote;
    },
  );

  app.patch(
    '/staff/quotes/:qid/',
    {
      schema: {
        tags,
        summary: 'Mark a quote request answered (`{answered: true, answer}`: the client is notified and mailed the answer) or new again; If-Match with its ETag refuses a stale write (412); audited',
        params: StaffQuoteParams,
        body: QuotePatch,
        response: { 200: StaffQuote, ...readErrors, 412: ErrorBody },
        openapi: { ifMatch: true, ...versioned },
      },
    },
    async (request, reply) => {
      const quote = await markQuote(noticeContext(request), request.params.qid, request.body, expectedVersion(request), request.user!.id, request.t);
      sendVersion(reply, quote.version);
      return quote;
    },
  );
};
