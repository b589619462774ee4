import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/schemas/common.ts';
import { Signature } from '#shared/schemas/signatures.ts';
import { noticeContext } from '../http/notices.ts';
import { confirmSignaturePayment } from '../services/signature-lifecycle.ts';
import { presentSignature } from '../services/signatures.ts';

const SignatureIdParams = z.object({ sid: z.uuid('validation.invalidUuid') });

/** Back-office for subscriptions (docs/api.md additions), registered inside staffRoutes (its staff-only guard applies). */
export const staffSignatureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/staff/signatures/:sid/confirm-payment/',
    {
      schema: {
        tags: ['staff'],
        summary: "Confirm a subscription's payment: its open bill paid, the hired period (a month or a year) from today, activated; the user is notified and mailed",
        params: SignatureIdParams,
        response: { 200: Signature, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => presentSignature(app.db, await confirmSignaturePayment(noticeContext(request), request.params.sid), request.t),
  );
};
