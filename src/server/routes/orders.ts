import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Order, OrderList, OrderParams, OrderPaymentChoice } from '#shared/schemas/orders.ts';
import { UserIdParams } from '#shared/schemas/users.ts';
import { expectedVersion, sendVersion } from '../http/etag.ts';
import { sends } from '../http/openapi.ts';
import { pixContext } from '../http/notices.ts';
import { choosePaymentMethod, getOrder, listOrders, presentOrders } from '../services/orders.ts';
import { chargeOrderPix } from '../services/pix.ts';

const tags = ['orders'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * docs/v1-contract.md §1.12: the user's orders (staff create them), with `statusCode`, `serviceId` and a localized
 * `serviceName`; the user chooses how to pay one until it is billed (issue 34).
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uid/orders/',
    { schema: { tags, summary: "The user's orders, newest first", params: UserIdParams, response: { 200: OrderList, ...errors } } },
    async (request) => {
      const rows = await listOrders(app.db, request.params.uid);
      return { count: rows.length, row: await presentOrders(app.db, rows, request.t) };
    },
  );

  app.get(
    '/users/:uid/orders/:oid/',
    { schema: { tags, summary: 'One order, with its analyses counted by status', params: OrderParams, response: { 200: Order, ...errors }, openapi: { responses: { 200: { headers: sends.etag } } } } },
    async (request, reply) => {
      const row = await getOrder(app.db, request.params.uid, request.params.oid);
      sendVersion(reply, row.version);
      const [order] = await presentOrders(app.db, [row], request.t);
      return order!;
    },
  );

  app.patch(
    '/users/:uid/orders/:oid/',
    {
      schema: {
        tags,
        summary: 'Choose how to pay the order (PIX or boleto) while it awaits payment and has no bill (409 after); If-Match with its ETag refuses a stale write (412)',
        params: OrderParams,
        body: OrderPaymentChoice,
        response: { 200: Order, ...errors, 409: ErrorBody, 412: ErrorBody },
        openapi: { ifMatch: true, responses: { 200: { headers: sends.etag } } },
      },
    },
    async (request, reply) => {
      const row = await getOrder(app.db, request.params.uid, request.params.oid);
      const updated = await choosePaymentMethod(app.db, row, request.body.paymentMethod, expectedVersion(request));
      sendVersion(reply, updated.version);
      const [order] = await presentOrders(app.db, [updated], request.t);
      return order!;
    },
  );

  app.post(
    '/users/:uid/orders/:oid/pix/',
    {
      schema: {
        tags,
        summary: "Renew the order's PIX charge (staff billed it by PIX): the one that has not expired, or a new one in `bill`. Not billed by PIX, or nothing to pay → 409",
        params: OrderParams,
        response: { 200: Order, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const row = await chargeOrderPix(pixContext(request), await getOrder(app.db, request.params.uid, request.params.oid));
      const [order] = await presentOrders(app.db, [row], request.t);
      return order!;
    },
  );
};
