import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Signature } from '#shared/schemas/signatures.ts';
import { StaffReason, StaffSignature, StaffSignatureList, StaffSignatureQuery } from '#shared/schemas/staff.ts';
import { noticeContext, refundContext } from '../http/notices.ts';
import { refundSubscriptionPix } from '../services/pix-refund.ts';
import { confirmSubscriptionPayment } from '../services/subscription-lifecycle.ts';
import { presentSubscription } from '../services/subscriptions.ts';
import { setSubscriptionActivated, staffSubscription, staffSubscriptionPage, staffSubscriptionRow } from '../services/staff-subscriptions.ts';

const tags = ['staff'];
const SubscriptionIdParams = z.object({ sid: z.uuid('validation.invalidUuid') });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** The body is optional: none, or `{reason}`. */
const reasonBody = { body: StaffReason.nullish() };

/** Back-office for subscriptions (docs/api.md additions), registered inside staffRoutes (its staff-only guard applies). */
export const staffSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/signatures/',
    {
      schema: {
        tags,
        summary: "Every user's subscriptions, newest first, a page at a time (`count` is the total); `?userId=`, `?activated=true|false`, `?plan=monthly|yearly`, `?status=APG|CON`, `?sort=createdAt` (oldest first)",
        querystring: StaffSignatureQuery,
        response: { 200: StaffSignatureList, ...errors },
      },
    },
    async (request) => {
      const { total, rows } = await staffSubscriptionPage(app.db, request.query, request.t);
      return { count: total, row: rows };
    },
  );

  app.post(
    '/staff/signatures/:sid/confirm-payment/',
    {
      schema: {
        tags,
        summary:
          "Confirm a subscription's payment (optional `reason`): its open bill paid, the hired period (a month or a year) from today, activated; audited; the user is notified and mailed",
        params: SubscriptionIdParams,
        ...reasonBody,
        response: { 200: Signature, ...errors },
        openapi: { bodyOptional: true },
      },
    },
    async (request) => {
      const actor = { staffId: request.user!.id, action: 'signature.confirmPayment' as const, reason: request.body?.reason };
      return presentSubscription(app.db, await confirmSubscriptionPayment(noticeContext(request), request.params.sid, new Date(), actor), request.t);
    },
  );

  app.post(
    '/staff/signatures/:sid/refund/',
    {
      schema: {
        tags,
        summary:
          "Refund the subscription's PIX payment in full through the provider (the sandbox at once; optional `reason`): the charge `refunded`, the subscription `REF` and no longer activated; audited; the user is notified and mailed. Nothing paid by PIX → 409",
        params: SubscriptionIdParams,
        ...reasonBody,
        response: { 200: Signature, ...errors, 409: ErrorBody },
        openapi: { bodyOptional: true },
      },
    },
    async (request) => {
      const actor = { staffId: request.user!.id, action: 'signature.refund' as const, reason: request.body?.reason };
      const row = await refundSubscriptionPix(refundContext(request), await staffSubscriptionRow(app.db, request.params.sid), actor);
      return presentSubscription(app.db, row, request.t);
    },
  );

  app.post(
    '/staff/signatures/:sid/deactivate/',
    {
      schema: {
        tags,
        summary: 'Deactivate a subscription (its benefits stop until a payment is confirmed; optional `reason`); audited; the user is notified',
        params: SubscriptionIdParams,
        ...reasonBody,
        response: { 200: StaffSignature, ...errors },
        openapi: { bodyOptional: true },
      },
    },
    async (request) => {
      await setSubscriptionActivated(app.db, request.params.sid, false, { staffId: request.user!.id, action: 'signature.deactivate', reason: request.body?.reason });
      return staffSubscription(app.db, request.params.sid, request.t);
    },
  );

  app.post(
    '/staff/signatures/:sid/reactivate/',
    {
      schema: {
        tags,
        summary:
          'Undo a deactivation while the hired period or the trial still covers today (optional `reason`); nothing covers today → 409 (confirm a payment instead); audited; the user is notified',
        params: SubscriptionIdParams,
        ...reasonBody,
        response: { 200: StaffSignature, ...errors, 409: ErrorBody },
        openapi: { bodyOptional: true },
      },
    },
    async (request) => {
      await setSubscriptionActivated(app.db, request.params.sid, true, { staffId: request.user!.id, action: 'signature.reactivate', reason: request.body?.reason });
      return staffSubscription(app.db, request.params.sid, request.t);
    },
  );
};
